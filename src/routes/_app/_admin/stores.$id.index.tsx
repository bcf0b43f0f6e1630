import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ComingSoon } from '../../../features/layout/coming-soon.tsx'

export const Route = createFileRoute('/_app/_admin/stores/$id/')({
  staticData: { layout: { backButton: '/stores' } },
  component: () => <ComingSoon title={<Trans>Store</Trans>} />,
})
