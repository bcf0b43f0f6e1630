import { createFileRoute } from '@tanstack/react-router'
import { customerTrialsQueryOptions } from '../../../features/customers/customer-queries.ts'
import { CustomerTrials } from '../../../features/customers/customer-trials.tsx'

/**
 * The trials tab: this customer's free guided trials. `survey` is the spec's name for the tab's
 * address (docs/behaviour.md#screens-and-routes), and the file name is the URL.
 */
export const Route = createFileRoute('/_app/_store/customers/$id/survey')({
  loader: ({ context, params }) =>
    context.queryClient.infiniteQuery({
      ...customerTrialsQueryOptions(params.id),
      staleTime: 'static',
    }),
  component: function CustomerTrialsTab() {
    const { id } = Route.useParams()
    return <CustomerTrials customerId={id} />
  },
})
