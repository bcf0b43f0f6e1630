import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router'
import { requireAccess } from '../../features/auth/guards.ts'
import { activateManageCatalog } from '../../i18n.ts'

/**
 * Users, experts, trials and stores: super and admin only (docs/behaviour.md#roles-and-access);
 * anyone else signed in is told so inside the app.
 */
export const Route = createFileRoute('/_app/_admin')({
  beforeLoad: async ({ location }) => {
    requireAccess('administration', location)
    // The administration's texts come with it (src/i18n.ts), not with everyone's app.
    await activateManageCatalog()
  },
  errorComponent: lazyRouteComponent(() => import('../../app/access-error.tsx'), 'AccessError'),
  // With the administration's code, not in everyone's first chunk.
  component: lazyRouteComponent(() => import('../../app/admin-nav.tsx'), 'AdminLayout'),
})
