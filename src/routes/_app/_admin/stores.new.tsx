import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { StoreFormCard } from '../../../features/store-admin/store-form.tsx'

export const Route = createFileRoute('/_app/_admin/stores/new')({
  staticData: { layout: { backButton: '/stores' } },
  component: NewStorePage,
})

function NewStorePage() {
  const { t } = useLingui()
  return (
    <Page title={t`New store`} width="narrow">
      <StoreFormCard />
    </Page>
  )
}
