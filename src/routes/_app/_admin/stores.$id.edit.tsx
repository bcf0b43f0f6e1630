import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { idParams } from '../../../routing/route-params.ts'
import { storeQueryOptions } from '../../../api/store-queries.ts'
import { loadStore } from '../../../features/store-admin/store-admin-queries.ts'
import { StoreFormCard } from '../../../features/store-admin/store-form.tsx'

export const Route = createFileRoute('/_app/_admin/stores/$id/edit')({
  params: idParams,
  staticData: { layout: { backButton: 'history' } },
  loader: ({ context, params }) => loadStore(context.queryClient, params.id),
  component: EditStorePage,
})

function EditStorePage() {
  const { t } = useLingui()
  const { id } = Route.useParams()
  const { data: store } = useSuspenseQuery(storeQueryOptions(id))
  return (
    <Page title={t`Edit store`} width="narrow">
      <StoreFormCard key={store.id} store={store} />
    </Page>
  )
}
