import { createRootRouteWithContext, lazyRouteComponent, Outlet } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { LazyToaster } from '../ui/toast/lazy-toaster.tsx'
import { appName } from '../ui/document-title.tsx'
import { useFocusAfterNavigation } from '../app/use-focus-after-navigation.ts'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
  // Loaded when needed: the sign-in page's code stays small.
  notFoundComponent: lazyRouteComponent(() => import('../app/not-found.tsx'), 'NotFound'),
  errorComponent: lazyRouteComponent(() => import('../app/route-error.tsx'), 'RouteError'),
})

function Root() {
  useFocusAfterNavigation()
  return (
    <>
      {/* The tab's title while no screen is drawn (one waiting for its data); a screen's own
          title goes before it in the head, and the browser shows the first. */}
      <title>{appName}</title>
      <Outlet />
      <LazyToaster />
    </>
  )
}
