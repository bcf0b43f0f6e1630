import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { VoucherSearchForm } from '../../../features/vouchers/voucher-search-form.tsx'
import { activateManageCatalog } from '../../../i18n.ts'

export const Route = createFileRoute('/_app/_store/vouchers/')({
  // Its texts come with the store screens' (src/i18n.ts).
  beforeLoad: activateManageCatalog,
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
