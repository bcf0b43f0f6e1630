import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { StoreFormCard } from '../../../features/admin-stores/store-form.tsx'

export const Route = createFileRoute('/_app/_admin/stores/new')({
  staticData: { layout: { backButton: '/stores' } },
  component: () => (
    <Page title={<Trans>New store</Trans>} width="narrow">
      <StoreFormCard />
    </Page>
  ),
})
