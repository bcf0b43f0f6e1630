import { createFileRoute } from '@tanstack/react-router'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { loadVoucher, voucherQueryOptions } from '../../../features/vouchers/voucher-queries.ts'
import { idParams } from '../../../routing/route-params.ts'
import { VoucherView } from '../../../features/vouchers/voucher-view.tsx'
import { CustomerCombobox } from '../../../features/customers/customer-combobox.tsx'
import { customerKeys } from '../../../features/customers/customer-queries.ts'
import { StoreCombobox } from '../../../ui/store-combobox.tsx'
import { useSession } from '../../../api/use-session.ts'
import { activateManageCatalog } from '../../../i18n.ts'

export const Route = createFileRoute('/_app/_store/vouchers/$id')({
  // Its texts come with the store screens' (src/i18n.ts).
  beforeLoad: activateManageCatalog,
  params: idParams,
  staticData: { layout: { backButton: '/vouchers' } },
  loader: ({ context, params }) => loadVoucher(context.queryClient, params.id),
  component: VoucherPage,
})

function VoucherPage() {
  const { t } = useLingui()
  const { id } = Route.useParams()
  const queryClient = useQueryClient()
  const { data: voucher } = useSuspenseQuery(voucherQueryOptions(id))
  const manager = useSession()?.user.role === 'manager'
  const code = voucher.code
  return (
    <Page title={t`Voucher ${code}`}>
      <VoucherView
        voucher={voucher}
        // Redeeming changes the customer's points and referrals.
        onRedeemed={() => void queryClient.invalidateQueries({ queryKey: customerKeys.all })}
        renderCustomerPicker={(picker) => <CustomerCombobox {...picker} />}
        // A manager redeems at their own store; anyone else says where, as a trial does.
        renderStorePicker={manager ? undefined : (picker) => <StoreCombobox {...picker} />}
      />
    </Page>
  )
}
