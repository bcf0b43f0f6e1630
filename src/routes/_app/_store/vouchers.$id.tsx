import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ComingSoon } from '../../../features/layout/coming-soon.tsx'

export const Route = createFileRoute('/_app/_store/vouchers/$id')({
  staticData: { layout: { backButton: '/vouchers' } },
  component: () => <ComingSoon title={<Trans>Voucher</Trans>} />,
})
