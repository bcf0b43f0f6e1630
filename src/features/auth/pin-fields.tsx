import { useRef, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { PasswordField } from '../../ui/field.tsx'
import { pinProblem } from './idle-lock.ts'

/** A PIN's field: digits, hidden, never filled in by the browser. */
export const pinInput = { inputMode: 'numeric', autoComplete: 'off', maxLength: 32 } as const

/** Runs `action` once at a time: a second click or Enter while it runs does nothing. */
export function useOneAtATime() {
  const running = useRef(false)
  const [busy, setBusy] = useState(false)
  const run = async (action: () => Promise<void>) => {
    if (running.current) return
    running.current = true
    setBusy(true)
    try {
      await action()
    } finally {
      running.current = false
      setBusy(false)
    }
  }
  return { busy, run }
}

/**
 * A new PIN and its repetition, with what is wrong with them once the user has tried to save
 * (`tried`): the first PIN on a device, and a change in the settings.
 */
export function NewPinFields({
  labels,
  pin,
  repeat,
  onPinChange,
  onRepeatChange,
  tried,
}: {
  labels: { pin: string; repeat: string }
  pin: string
  repeat: string
  onPinChange: (pin: string) => void
  onRepeatChange: (repeat: string) => void
  tried: boolean
}) {
  const { t } = useLingui()
  const problem = tried ? pinProblem(pin, repeat) : null
  return (
    <>
      <PasswordField
        {...pinInput}
        name="pin"
        label={labels.pin}
        value={pin}
        onChange={(event) => onPinChange(event.target.value)}
        error={
          problem === 'short'
            ? t`A PIN has at least 6 digits, and only digits.`
            : problem === 'guessable'
              ? t`This PIN is among the first a thief would try (a repeated digit, a run such as 123456, a year). Choose another.`
              : undefined
        }
      />
      <PasswordField
        {...pinInput}
        name="pin-again"
        label={labels.repeat}
        value={repeat}
        onChange={(event) => onRepeatChange(event.target.value)}
        error={problem === 'mismatch' ? t`The two PINs are not the same.` : undefined}
      />
    </>
  )
}
