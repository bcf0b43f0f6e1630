import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ComingSoon } from '../../../features/layout/coming-soon.tsx'

export const Route = createFileRoute('/_app/_admin/stores/$id/edit')({
  staticData: { layout: { backButton: 'history' } },
  component: () => <ComingSoon title={<Trans>Edit store</Trans>} />,
})
