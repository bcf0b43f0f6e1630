import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ComingSoon } from '../../../features/layout/coming-soon.tsx'

export const Route = createFileRoute('/_app/_store/customers/$id/overview')({
  staticData: { layout: { backButton: '/customers' } },
  component: () => <ComingSoon title={<Trans>Consumer overview</Trans>} />,
})
