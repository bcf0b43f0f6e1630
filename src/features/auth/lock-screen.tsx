import { useEffect, useState, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { isRemembered } from '../../api/session.ts'
import type { SignedInUser } from '../../api/session.ts'
import { useSession } from '../../api/use-session.ts'
import { useServerReachable } from '../../api/reachability.ts'
import { PasswordField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { useAnswer } from '../../ui/use-answer.ts'
import { AuthCard } from './auth-card.tsx'
import { OtherAccountError, unlockWithPassword } from './auth-api.ts'
import { EmailField } from './email-field.tsx'
import {
  choosePin,
  hasPasskey,
  keepOpenUntil,
  lockApp,
  lockAppAtStart,
  unlockAppWithPasskey,
  unlockAppWithPin,
} from './device-vault.ts'
import { pinProblem } from './idle-lock.ts'
import { NewPinFields, pinInput, useOneAtATime } from './pin-fields.tsx'
import { watchIdle } from './idle-watch.ts'
import type { LockStatus } from './lock-state.ts'
import { FormError } from './form-error.tsx'
import { LazyPeopleList } from './lazy-people-list.tsx'
import styles from './auth-form.module.css'

function ChoosePinForm() {
  const { t } = useLingui()
  const [pin, setPin] = useState('')
  const [repeat, setRepeat] = useState('')
  const [tried, setTried] = useState(false)
  const save = useOneAtATime()
  const problem = pinProblem(pin, repeat)
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    setTried(true)
    if (problem === null) void save.run(() => choosePin(pin))
  }
  return (
    <AuthCard
      title={t`Choose a PIN`}
      intro={
        <Trans>
          The app locks itself after a few minutes without use. Your PIN, of at least 6 digits,
          opens it again on this device, with or without a connection.
        </Trans>
      }
    >
      <form name="choose-pin" className={styles.form} noValidate onSubmit={submit}>
        <NewPinFields
          labels={{ pin: t`PIN`, repeat: t`Repeat the PIN` }}
          pin={pin}
          repeat={repeat}
          onPinChange={setPin}
          onRepeatChange={setRepeat}
          tried={tried}
        />
        <Button type="submit" loading={save.busy}>
          <Trans>Save the PIN</Trans>
        </Button>
      </form>
    </AuthCard>
  )
}

function UnlockForm({ onSignedOut, onSwitchTo }: Omit<LockProps, 'inWizard'>) {
  const { t } = useLingui()
  const session = useSession()
  const online = useServerReachable()
  const [pin, setPin] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [withPassword, setWithPassword] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const passkey = useAnswer(hasPasskey) ?? false
  const unlock = useOneAtATime()

  const tryPasskey = () =>
    void unlock.run(async () => {
      setError(null)
      if (await unlockAppWithPasskey()) return
      setError(t`Your fingerprint or face did not open the app: enter your PIN.`)
    })

  const tryPin = (event: SyntheticEvent) => {
    event.preventDefault()
    void unlock.run(async () => {
      const result = await unlockAppWithPin(pin)
      if (result.unlocked) return
      setPin('')
      if (result.attemptsLeft > 0) {
        const left = result.attemptsLeft
        setError(
          t({
            message: plural(left, {
              one: 'Wrong PIN: # more try before you are signed out.',
              other: 'Wrong PIN: # more tries before you are signed out.',
            }),
          }),
        )
        return
      }
      const message = t`Too many wrong PINs: you are signed out, and what this device kept for you is deleted. Trials not sent yet stay and are sent.`
      // The toasts' code comes only when needed: the lock screen is on every sign-in's path.
      void import('../../ui/toast/show-toast.ts').then(({ showToast }) =>
        showToast('error', message),
      )
      onSignedOut()
    })
  }
  const tryPassword = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!session) return
    void unlock.run(async () => {
      try {
        await unlockWithPassword(session.user.id, {
          email: session.contact?.email ?? email,
          password,
          remember_me: isRemembered(),
        })
      } catch (failure) {
        if (failure instanceof OtherAccountError) {
          setError(
            t`This is not the account locked here. Someone else chooses their name below, or signs in as someone new.`,
          )
        } else setError(failure instanceof Error ? failure.message : String(failure))
      }
    })
  }

  return (
    <AuthCard
      title={t`The app is locked`}
      intro={
        <Trans>
          Signed in as {session?.user.fullname}. Enter your PIN to go on where you were.
        </Trans>
      }
    >
      {passkey && !withPassword && (
        <div className={styles.firstWay}>
          <Button block loading={unlock.busy} onClick={tryPasskey}>
            <Trans>Unlock with fingerprint or face</Trans>
          </Button>
        </div>
      )}
      {withPassword ? (
        <form name="unlock-password" className={styles.form} noValidate onSubmit={tryPassword}>
          {/* Browser storage does not keep the email: after a reload it is asked for. */}
          {!session?.contact && (
            <EmailField
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              onBlur={() => undefined}
              error={undefined}
            />
          )}
          <PasswordField
            label={t`Password`}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {!online && (
            <p className={styles.formNotice}>
              <Trans>The password can be checked only with a connection: use your PIN.</Trans>
            </p>
          )}
          <FormError message={error} />
          <Button type="submit" loading={unlock.busy} disabled={!online}>
            <Trans>Unlock with the password</Trans>
          </Button>
        </form>
      ) : (
        <form name="unlock" className={styles.form} noValidate onSubmit={tryPin}>
          <PasswordField
            {...pinInput}
            name="pin"
            label={t`PIN`}
            value={pin}
            onChange={(event) => setPin(event.target.value)}
          />
          <FormError message={error} />
          <Button type="submit" loading={unlock.busy}>
            <Trans>Unlock</Trans>
          </Button>
        </form>
      )}
      <Button
        variant="ghost"
        block
        onClick={() => {
          setError(null)
          setWithPassword(!withPassword)
        }}
      >
        {withPassword ? <Trans>Use the PIN</Trans> : <Trans>Use the password instead</Trans>}
      </Button>
      <LazyPeopleList except={session?.user.id} onChoose={onSwitchTo} />
      <Button variant="secondary" block onClick={() => onSwitchTo(null)}>
        <Trans>Someone new: sign in</Trans>
      </Button>
    </AuthCard>
  )
}

/**
 * The lock screen (docs/security.md#the-idle-lock): the first PIN after a password sign-in on a
 * device, or the PIN (the password, online) that opens the app again. Another person of the
 * tablet's list opens theirs with their own PIN: switching locks, it does not sign out
 * (docs/security.md#people-on-a-shared-tablet).
 */
export function LockScreen({
  status,
  onSignedOut,
  onSwitchTo,
}: Omit<LockProps, 'inWizard'> & { status: 'choosePin' | 'locked' }) {
  return status === 'choosePin' ? (
    <ChoosePinForm />
  ) : (
    <UnlockForm onSignedOut={onSignedOut} onSwitchTo={onSwitchTo} />
  )
}

/** What the lock's parts need from the app, passed through `LockGate`. */
export type LockProps = {
  /** The trial wizard is open: the idle lock waits longer there. */
  inWizard: () => boolean
  /** The user is signed out from the lock screen (too many wrong PINs, nothing to open). */
  onSignedOut: () => void
  /** Another person of the tablet takes it (null: someone new, who signs in with the password). */
  onSwitchTo: (person: SignedInUser | null) => void
}

/**
 * What the lock does beside the router (src/features/auth/lock-gate.tsx): on a start signed in,
 * asks the device whether the user has a PIN; while open, watches for the idle limit; while
 * locked, shows the lock screen.
 */
export function LockParts({
  status,
  inWizard,
  onSignedOut,
  onSwitchTo,
}: LockProps & { status: LockStatus }) {
  useEffect(() => {
    if (status !== 'checking') return
    void lockAppAtStart().then((locked) => {
      if (!locked) onSignedOut()
    })
  }, [status, onSignedOut])
  useEffect(
    () => (status === 'open' ? watchIdle(inWizard, lockApp, keepOpenUntil) : undefined),
    [status, inWizard],
  )
  return status === 'choosePin' || status === 'locked' ? (
    <LockScreen status={status} onSignedOut={onSignedOut} onSwitchTo={onSwitchTo} />
  ) : null
}
