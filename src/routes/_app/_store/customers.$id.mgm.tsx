import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { customerQueryOptions } from '../../../features/customers/customer-queries.ts'
import { CustomerReferrals } from '../../../features/customers/customer-referrals.tsx'

export const Route = createFileRoute('/_app/_store/customers/$id/mgm')({
  component: function CustomerReferralsTab() {
    const { id } = Route.useParams()
    const { data: customer } = useSuspenseQuery(customerQueryOptions(id))
    return <CustomerReferrals customer={customer} />
  },
})
