import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { customerQueryOptions } from '../../../features/customers/customer-queries.ts'
import { CustomerLoyalty } from '../../../features/customers/customer-loyalty.tsx'

export const Route = createFileRoute('/_app/_store/customers/$id/loyalty')({
  component: function CustomerLoyaltyTab() {
    const { id } = Route.useParams()
    const { data: customer } = useSuspenseQuery(customerQueryOptions(id))
    return <CustomerLoyalty customer={customer} />
  },
})
