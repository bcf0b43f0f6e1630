import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { UserFormCard } from '../../../features/users/user-form.tsx'

export const Route = createFileRoute('/_app/_admin/users/new')({
  staticData: { layout: { backButton: '/users' } },
  component: () => (
    <Page title={<Trans>New user</Trans>} width="narrow">
      <UserFormCard />
    </Page>
  ),
})
