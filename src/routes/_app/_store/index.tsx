import { lazy, Suspense } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { ManagerHome } from '../../../features/home/manager-home.tsx'
import { AdminHome } from '../../../features/home/admin-home.tsx'

// The administration's navigation, only on an admin's home: a brand expert's home never loads it.
const AdminNav = lazy(async () => ({
  default: (await import('../../../app/admin-nav.tsx')).AdminNav,
}))

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
      {showsAdminView && (
        <Suspense fallback={null}>
          <AdminNav />
        </Suspense>
      )}
      <Page title={t`Welcome, ${name}`}>
        {showsManagerView && <ManagerHome />}
        {showsAdminView && <AdminHome />}
      </Page>
    </>
  )
}
