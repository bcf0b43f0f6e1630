import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { LazyToaster } from '../ui/toast/lazy-toaster.tsx'
import { NotFound } from '../features/layout/not-found.tsx'
import { RouteError } from '../features/layout/route-error.tsx'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <>
      <Outlet />
      <LazyToaster />
    </>
  ),
  notFoundComponent: NotFound,
  errorComponent: RouteError,
})
