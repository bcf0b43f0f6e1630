import { useState, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { PasswordField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { useAnswer } from '../../ui/use-answer.ts'
import { pinInput, useOneAtATime } from './pin-fields.tsx'
import { passkeysOffered } from './passkey.ts'
import type { PasskeyOutcome } from './device-vault.ts'
import styles from '../../ui/card.module.css'
import formStyles from './auth-form.module.css'

/**
 * Whether this device offers passkeys and, if so, whether the user's opens their data; none on a
 * tablet that several people use (docs/security.md#people-on-a-shared-tablet).
 */
async function passkeyState(): Promise<'notOffered' | 'shared' | 'off' | 'on'> {
  if (!(await passkeysOffered())) return 'notOffered'
  const { hasPasskey, passkeysAllowed } = await import('./device-vault.ts')
  if (!passkeysAllowed()) return 'shared'
  return (await hasPasskey()) ? 'on' : 'off'
}

/**
 * Settings: the tablet's fingerprint or face opens the app instead of the PIN, where its browser
 * offers a platform authenticator with PRF (docs/security.md#the-passkey). Shown only there.
 */
export function PasskeySettings() {
  const { t } = useLingui()
  const found = useAnswer(passkeyState)
  const [changed, setChanged] = useState<'off' | 'on' | null>(null)
  const [pin, setPin] = useState('')
  const [outcome, setOutcome] = useState<PasskeyOutcome | 'off' | null>(null)
  const busy = useOneAtATime()

  const state = changed ?? found
  if (state === undefined || state === 'notOffered') return null

  const turnOn = (event: SyntheticEvent) => {
    event.preventDefault()
    setOutcome(null)
    void busy.run(async () => {
      const { turnOnPasskey } = await import('./device-vault.ts')
      const result = await turnOnPasskey(pin)
      setOutcome(result)
      if (result !== 'on') return
      setPin('')
      setChanged('on')
    })
  }
  const turnOff = () =>
    void busy.run(async () => {
      const { turnOffPasskey } = await import('./device-vault.ts')
      await turnOffPasskey()
      setOutcome('off')
      setChanged('off')
    })

  return (
    <section className={styles.card} aria-labelledby="passkey-heading">
      <h2 id="passkey-heading">
        <Trans>Fingerprint or face</Trans>
      </h2>
      {state === 'shared' ? (
        <p>
          <Trans>
            Several people use this tablet: its fingerprints and faces would open each one's data,
            so everyone opens the app with their own PIN.
          </Trans>
        </p>
      ) : state === 'on' ? (
        <div className={styles.form}>
          <p role="status">
            {outcome === 'on' ? (
              <Trans>Done: your fingerprint or face now opens the app on this device.</Trans>
            ) : (
              <Trans>Your fingerprint or face opens the app on this device.</Trans>
            )}
          </p>
          <Button variant="secondary" loading={busy.busy} onClick={turnOff}>
            <Trans>Stop using fingerprint or face</Trans>
          </Button>
        </div>
      ) : (
        <form name="passkey" className={styles.form} noValidate onSubmit={turnOn}>
          <p>
            <Trans>
              This device can open the app with your fingerprint or face instead of the PIN. The PIN
              still works. Enter it to confirm that it is you.
            </Trans>
          </p>
          <PasswordField
            {...pinInput}
            label={t`Your PIN`}
            value={pin}
            onChange={(event) => setPin(event.target.value)}
            error={outcome === 'wrongPin' ? t`The PIN is wrong.` : undefined}
          />
          {outcome === 'notMade' && (
            <p role="alert" className={formStyles.formError}>
              <Trans>
                The device did not confirm your fingerprint or face. Try again, or keep using the
                PIN.
              </Trans>
            </p>
          )}
          {outcome === 'off' && (
            <p role="status">
              <Trans>The app no longer opens with your fingerprint or face.</Trans>
            </p>
          )}
          <Button type="submit" loading={busy.busy}>
            <Trans>Use fingerprint or face</Trans>
          </Button>
        </form>
      )}
    </section>
  )
}
