import { lazy, Suspense } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import {
  customerQueryOptions,
  rereadErasedCustomer,
} from '../../../features/customers/customer-queries.ts'
import { CustomerOverview } from '../../../features/customers/customer-overview.tsx'
import { erasedNoticeId } from '../../../features/customers/customer-layout.tsx'
import { useSession } from '../../../api/use-session.ts'
import { allows } from '../../../contract/roles.ts'

/** The administration's part of the overview, fetched with the admin code by them alone. */
const PersonalData = lazy(async () => ({
  default: (await import('../../../features/customer-rights/personal-data.tsx')).PersonalData,
}))

export const Route = createFileRoute('/_app/_store/customers/$id/overview')({
  component: function CustomerOverviewTab() {
    const { id } = Route.useParams()
    const queryClient = useQueryClient()
    const { data: customer } = useSuspenseQuery(customerQueryOptions(id))
    const role = useSession()?.user.role
    const administration = role !== undefined && allows('administration', role)
    return (
      <CustomerOverview
        customer={customer}
        personalData={
          administration && (
            <Suspense fallback={null}>
              <PersonalData
                customer={customer}
                onErased={() => rereadErasedCustomer(queryClient, id)}
                focusAfter={() => document.getElementById(erasedNoticeId)?.focus()}
              />
            </Suspense>
          )
        }
      />
    )
  },
})
