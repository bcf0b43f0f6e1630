import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { idParams } from '../../../routing/route-params.ts'
import {
  editionQueryOptions,
  loadEdition,
} from '../../../features/content-admin/content-queries.ts'
import { DraftEditor } from '../../../features/content-admin/draft-editor.tsx'
import { EditionContentView, EditionStatus } from '../../../features/content-admin/edition-view.tsx'

/** One content edition: a draft's editor and its publication, or an edition's state and lists. */
export const Route = createFileRoute('/_app/_admin/content/$id')({
  params: idParams,
  staticData: { layout: { backButton: 'history' } },
  loader: ({ context, params }) => loadEdition(context.queryClient, params.id),
  component: EditionPage,
})

function EditionPage() {
  const { t } = useLingui()
  const { id } = Route.useParams()
  const { data: tagged } = useSuspenseQuery(editionQueryOptions(id))
  const edition = tagged.edition
  return (
    <Page title={t`Content edition ${id}`}>
      <EditionStatus edition={edition} />
      {edition.state === 'draft' ? (
        <DraftEditor key={edition.id} tagged={tagged} />
      ) : (
        <EditionContentView edition={edition} />
      )}
    </Page>
  )
}
