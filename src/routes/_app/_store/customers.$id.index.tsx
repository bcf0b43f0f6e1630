import { createFileRoute, redirect } from '@tanstack/react-router'

/** A consumer opens on their overview (docs/behaviour.md#screens-and-routes). */
export const Route = createFileRoute('/_app/_store/customers/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/customers/$id/overview', params, replace: true })
  },
})
