import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import {
  loadVoucherCodeLog,
  voucherCodeLogQueryOptions,
} from '../../../features/vouchers/voucher-queries.ts'
import { idParams } from '../../../routing/route-params.ts'
import { UsedCodeLog } from '../../../features/vouchers/used-code-log.tsx'
import { activateManageCatalog } from '../../../i18n.ts'

export const Route = createFileRoute('/_app/_store/used-code/$id')({
  // Its texts come with the store screens' (src/i18n.ts).
  beforeLoad: activateManageCatalog,
  params: idParams,
  staticData: { layout: { backButton: 'history' } },
  loader: ({ context, params }) => loadVoucherCodeLog(context.queryClient, params.id),
  component: UsedCodePage,
})

function UsedCodePage() {
  const { t } = useLingui()
  const { id } = Route.useParams()
  const { data: log } = useSuspenseQuery(voucherCodeLogQueryOptions(id))
  return (
    // A voucher is used once its log has a line: an unused one's log is not called "used".
    <Page title={log.rows.length > 0 ? t`Used voucher` : t`Voucher log`}>
      <UsedCodeLog voucherId={id} rows={log.rows} />
    </Page>
  )
}
