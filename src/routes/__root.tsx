import { createRootRouteWithContext, lazyRouteComponent, Outlet } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { LazyToaster } from '../ui/toast/lazy-toaster.tsx'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <>
      <Outlet />
      <LazyToaster />
    </>
  ),
  // Loaded when needed: the sign-in page's code stays small.
  notFoundComponent: lazyRouteComponent(
    () => import('../features/layout/not-found.tsx'),
    'NotFound',
  ),
  errorComponent: lazyRouteComponent(
    () => import('../features/layout/route-error.tsx'),
    'RouteError',
  ),
})
