import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { VoucherSearchForm } from '../../../features/vouchers/voucher-search-form.tsx'

export const Route = createFileRoute('/_app/_store/vouchers/')({
  component: VouchersPage,
})

function VouchersPage() {
  return (
    <Page title={<Trans>Vouchers</Trans>}>
      <VoucherSearchForm />
    </Page>
  )
}
