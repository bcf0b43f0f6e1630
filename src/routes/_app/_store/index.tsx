import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { ManagerHome } from '../../../features/home/manager-home.tsx'
import { AdminHome } from '../../../features/home/admin-home.tsx'
import { AdminNav } from '../../../app/admin-nav.tsx'

/**
 * Home by role (docs/behaviour.md#screens-and-routes): manager tiles, admin searches, super both.
 */
export const Route = createFileRoute('/_app/_store/')({
  component: HomePage,
})

function HomePage() {
  const { t } = useLingui()
  const { user } = Route.useRouteContext().session
  const showsManagerView = user.role === 'manager' || user.role === 'super' || user.role === 'agent'
  const name = user.fullname
  const showsAdminView = user.role === 'admin' || user.role === 'super'
  return (
    <>
      {showsAdminView && <AdminNav />}
      <Page title={t`Welcome, ${name}`}>
        {showsManagerView && <ManagerHome />}
        {showsAdminView && <AdminHome />}
      </Page>
    </>
  )
}
