import { createRouter, lazyRouteComponent } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { routeTree } from './routeTree.gen.ts'

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Each screen's failure is drawn in its own place: inside the app, with the header kept.
    defaultErrorComponent: lazyRouteComponent(() => import('./app/route-error.tsx'), 'RouteError'),
    // A new screen starts at the top (docs/behaviour.md#screens-and-routes).
    scrollRestoration: false,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
