import { useState, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { PasswordField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { pinProblem } from './idle-lock.ts'
import { NewPinFields, pinInput, useOneAtATime } from './pin-fields.tsx'
import styles from '../../ui/card.module.css'
import formStyles from './auth-form.module.css'

type Outcome = 'changed' | 'wrongPin' | null

/** Settings: a new PIN for this device in place of the current one (docs/security.md). */
export function PinSettings() {
  const { t } = useLingui()
  const [current, setCurrent] = useState('')
  const [pin, setPin] = useState('')
  const [repeat, setRepeat] = useState('')
  const [tried, setTried] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const change = useOneAtATime()

  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    setTried(true)
    setOutcome(null)
    if (pinProblem(pin, repeat) !== null) return
    void change.run(async () => {
      const { changeAppPin } = await import('./device-vault.ts')
      const changed = await changeAppPin(current, pin)
      setOutcome(changed ? 'changed' : 'wrongPin')
      if (!changed) return
      setCurrent('')
      setPin('')
      setRepeat('')
      setTried(false)
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
        <NewPinFields
          labels={{ pin: t`New PIN`, repeat: t`Repeat the new PIN` }}
          pin={pin}
          repeat={repeat}
          onPinChange={setPin}
          onRepeatChange={setRepeat}
          tried={tried}
        />
        {outcome === 'changed' && (
          <p role="status" className={formStyles.formSuccess}>
            <Trans>Your PIN is changed.</Trans>
          </p>
        )}
        <Button type="submit" loading={change.busy}>
          <Trans>Change the PIN</Trans>
        </Button>
      </form>
    </section>
  )
}
