import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { customerQueryOptions, loadCustomer } from '../../../features/customers/customer-queries.ts'
import { idParams } from '../../../routing/route-params.ts'
import { CustomerLayout } from '../../../features/customers/customer-layout.tsx'
import { activateManageCatalog } from '../../../i18n.ts'

/** /customers/{id}: the customer, loaded once for all tabs, with the tabs and the open tab. */
export const Route = createFileRoute('/_app/_store/customers/$id')({
  // Its texts come with the store screens' (src/i18n.ts).
  beforeLoad: activateManageCatalog,
  params: idParams,
  staticData: { layout: { backButton: 'history' } },
  loader: ({ context, params }) => loadCustomer(context.queryClient, params.id),
  component: CustomerRoute,
})

function CustomerRoute() {
  const { id } = Route.useParams()
  const { data: customer } = useSuspenseQuery(customerQueryOptions(id))
  return (
    <CustomerLayout customer={customer}>
      <Outlet />
    </CustomerLayout>
  )
}
