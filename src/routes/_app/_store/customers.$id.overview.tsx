import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { customerQueryOptions } from '../../../features/customers/customer-queries.ts'
import { CustomerOverview } from '../../../features/customers/customer-overview.tsx'

export const Route = createFileRoute('/_app/_store/customers/$id/overview')({
  component: function CustomerOverviewTab() {
    const { id } = Route.useParams()
    const { data: customer } = useSuspenseQuery(customerQueryOptions(id))
    return <CustomerOverview customer={customer} />
  },
})
