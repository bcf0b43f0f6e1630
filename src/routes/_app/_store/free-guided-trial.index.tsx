import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ComingSoon } from '../../../features/layout/coming-soon.tsx'

export const Route = createFileRoute('/_app/_store/free-guided-trial/')({
  component: () => <ComingSoon title={<Trans>Free guided trial</Trans>} />,
})
