import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ComingSoon } from '../../../features/layout/coming-soon.tsx'

export const Route = createFileRoute('/_app/_admin/users/new')({
  staticData: { layout: { backButton: '/users' } },
  component: () => <ComingSoon title={<Trans>New user</Trans>} />,
})
