import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { EditionList, NewDraft } from '../../../features/content-admin/edition-list.tsx'

/** The content editions (docs/behaviour.md#screens-and-routes): the list and "New draft". */
export const Route = createFileRoute('/_app/_admin/content/')({
  component: ContentPage,
})

function ContentPage() {
  const { t } = useLingui()
  return (
    <Page title={t`Content`} actions={<NewDraft />}>
      <EditionList />
    </Page>
  )
}
