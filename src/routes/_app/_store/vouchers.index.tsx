import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { VoucherSearchForm } from '../../../features/vouchers/voucher-search-form.tsx'

export const Route = createFileRoute('/_app/_store/vouchers/')({
  component: VouchersPage,
})

function VouchersPage() {
  const { t } = useLingui()
  return (
    <Page title={t`Vouchers`}>
      <VoucherSearchForm />
    </Page>
  )
}
