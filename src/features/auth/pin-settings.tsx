import { useRef, useState, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { PasswordField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { pinProblem } from './idle-lock.ts'
import styles from '../../ui/card.module.css'
import formStyles from './auth-form.module.css'

const pinInput = { inputMode: 'numeric', autoComplete: 'off', maxLength: 32 } as const

type Outcome = 'changed' | 'wrongPin' | null

/** Settings: a new PIN for this device in place of the current one (docs/security.md). */
export function PinSettings() {
  const { t } = useLingui()
  const [current, setCurrent] = useState('')
  const [pin, setPin] = useState('')
  const [repeat, setRepeat] = useState('')
  const [tried, setTried] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [busy, setBusy] = useState(false)
  const running = useRef(false)
  const problem = pinProblem(pin, repeat)

  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    setTried(true)
    setOutcome(null)
    if (problem !== null || running.current) return
    running.current = true
    setBusy(true)
    void import('./device-vault.ts')
      .then((vault) => vault.changeAppPin(current, pin))
      .then((changed) => {
        setOutcome(changed ? 'changed' : 'wrongPin')
        if (!changed) return
        setCurrent('')
        setPin('')
        setRepeat('')
        setTried(false)
      })
      .finally(() => {
        running.current = false
        setBusy(false)
      })
  }

  return (
    <section className={styles.card} aria-labelledby="pin-heading">
      <h2 id="pin-heading">
        <Trans>Change the PIN</Trans>
      </h2>
      <form className={styles.form} noValidate onSubmit={submit}>
        <PasswordField
          {...pinInput}
          label={t`Current PIN`}
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={outcome === 'wrongPin' ? t`The current PIN is wrong.` : undefined}
        />
        <PasswordField
          {...pinInput}
          label={t`New PIN`}
          value={pin}
          onChange={(event) => setPin(event.target.value)}
          error={
            tried && problem === 'short'
              ? t`A PIN has at least 6 digits, and only digits.`
              : undefined
          }
        />
        <PasswordField
          {...pinInput}
          label={t`Repeat the new PIN`}
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={tried && problem === 'mismatch' ? t`The two PINs are not the same.` : undefined}
        />
        {outcome === 'changed' && (
          <p role="status" className={formStyles.formSuccess}>
            <Trans>Your PIN is changed.</Trans>
          </p>
        )}
        <Button type="submit" loading={busy}>
          <Trans>Change the PIN</Trans>
        </Button>
      </form>
    </section>
  )
}
