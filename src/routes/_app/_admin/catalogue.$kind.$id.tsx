import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { loadItem } from '../../../features/catalogue-admin/catalogue-queries.ts'
import { CatalogueItemForm, RetireItem } from '../../../features/catalogue-admin/catalogue-item.tsx'

export const Route = createFileRoute('/_app/_admin/catalogue/$kind/$id')({
  staticData: { layout: { backButton: 'history' } },
  // The address is read here, with the screen's code, not by the route tree's params.
  loader: ({ context, params }) => loadItem(context.queryClient, params.kind, params.id),
  component: CatalogueItemPage,
})

function CatalogueItemPage() {
  const { t } = useLingui()
  const { address, item } = Route.useLoaderData()
  const { kind } = address
  const isNew = item === undefined
  const title =
    kind === 'packs'
      ? isNew
        ? t`New pack`
        : t`Edit pack`
      : kind === 'sticks'
        ? isNew
          ? t`New stick`
          : t`Edit stick`
        : isNew
          ? t`New device`
          : t`Edit device`
  return (
    <Page title={title} width="narrow">
      <CatalogueItemForm kind={kind} item={item} />
      {item && <RetireItem kind={kind} item={item} />}
    </Page>
  )
}
