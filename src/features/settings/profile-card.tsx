import { Trans, useLingui } from '@lingui/react/macro'
import type { SignedInUser, UserContact } from '../../api/session.ts'
import { useRoleName } from '../../ui/role-name.ts'
import cardStyles from '../../ui/card.module.css'
import styles from './settings.module.css'

/** The signed-in user; their contact once the PIN or the password opened it (`null` before). */
export function ProfileCard({
  user,
  contact,
}: {
  user: SignedInUser
  contact: UserContact | null
}) {
  const { t } = useLingui()
  const roleName = useRoleName()
  const rows: [string, string][] = [
    [t`Name`, user.fullname],
    [t`Email`, contact?.email ?? '—'],
    [t`Phone`, contact?.phone ?? '—'],
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
