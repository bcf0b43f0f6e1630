import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useSession } from '../../api/use-session.ts'
import { Page } from '../../ui/page.tsx'
import { ProfileCard } from '../../features/settings/profile-card.tsx'
import { LocaleSwitch } from '../../features/settings/locale-switch.tsx'
import { CheckOutCard } from '../../features/stores/check-out-card.tsx'
import { ChangePasswordForm } from '../../features/auth/change-password-form.tsx'
import { PinSettings } from '../../features/auth/pin-settings.tsx'
import { PasskeySettings } from '../../features/auth/passkey-settings.tsx'
import { ReadyPanel } from '../../features/outbox/ready-panel.tsx'
import styles from '../../features/settings/settings.module.css'

export const Route = createFileRoute('/_app/settings')({
  staticData: { layout: { backButton: 'history' } },
  component: SettingsPage,
})

function SettingsPage() {
  const { t } = useLingui()
  const session = useSession()
  if (!session) return null
  const { user } = session
  return (
    <Page title={t`Settings`}>
      <div className={styles.grid}>
        <ProfileCard user={user} contact={session.contact} />
        <LocaleSwitch />
        {user.role === 'manager' && <CheckOutCard store={user.expertStore} />}
        <ChangePasswordForm />
        <PinSettings />
        <PasskeySettings />
        <ReadyPanel />
      </div>
    </Page>
  )
}
