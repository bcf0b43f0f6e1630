import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { getSession } from '../../api/session.ts'
import { buttonClass } from '../../ui/button.tsx'
import { Page } from '../../ui/page.tsx'
import { useRoleName } from '../../ui/role-name.ts'

/**
 * A screen the signed-in user's role does not open: said inside the app, with the header kept and
 * a way home (the user stays signed in; see docs/decisions/0008-deviations.md).
 */
export function NoAccess() {
  const { t } = useLingui()
  const roleName = useRoleName()
  const role = getSession()?.user.role
  const yours = role === undefined ? '' : roleName(role)
  return (
    <Page title={t`No access`}>
      <p>
        <Trans>This screen is not open to your role. You are signed in as: {yours}.</Trans>
      </p>
      <Link to="/" className={buttonClass('primary')}>
        <Trans>Go to the home page</Trans>
      </Link>
    </Page>
  )
}
