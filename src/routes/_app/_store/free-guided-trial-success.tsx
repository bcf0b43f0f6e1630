import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ComingSoon } from '../../../features/layout/coming-soon.tsx'

export const Route = createFileRoute('/_app/_store/free-guided-trial-success')({
  component: () => <ComingSoon title={<Trans>The trial is saved</Trans>} />,
})
