import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ComingSoon } from '../../../features/layout/coming-soon.tsx'

export const Route = createFileRoute('/_app/_admin/surveys/$id')({
  staticData: { layout: { backButton: 'history' } },
  component: () => <ComingSoon title={<Trans>Trial</Trans>} />,
})
