import { Trans, useLingui } from '@lingui/react/macro'
import type { User } from '../../contract/auth.ts'
import { useRoleName } from '../../ui/role-name.ts'
import cardStyles from '../../ui/card.module.css'
import styles from './settings.module.css'

export function ProfileCard({ user }: { user: User }) {
  const { t } = useLingui()
  const roleName = useRoleName()
  const rows: [string, string][] = [
    [t`Name`, user.fullname],
    [t`Email`, user.email],
    [t`Phone`, user.phone ?? '—'],
    [t`Role`, roleName(user.role)],
  ]
  if (user.role === 'manager') rows.push([t`Store`, user.expertStore?.name ?? t`No store`])
  return (
    <section className={cardStyles.card} aria-labelledby="profile-heading">
      <h2 id="profile-heading">
        <Trans>Profile</Trans>
      </h2>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
