import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { idParams } from '../../../routing/route-params.ts'
import {
  loadQuarantined,
  quarantinedQueryOptions,
} from '../../../features/review/quarantine-queries.ts'
import { QuarantinedTrial } from '../../../features/review/quarantined-trial.tsx'

/** A trial the server refused for good, handed over by its tablet: decided here (docs/api.md#quarantine). */
export const Route = createFileRoute('/_app/_admin/quarantine/$id')({
  params: idParams,
  staticData: { layout: { backButton: 'history' } },
  loader: ({ context, params }) => loadQuarantined(context.queryClient, params.id),
  component: QuarantinePage,
})

function QuarantinePage() {
  const { t } = useLingui()
  const { id } = Route.useParams()
  const { data: item } = useSuspenseQuery(quarantinedQueryOptions(id))
  return (
    <Page title={t`Quarantined trial`}>
      <QuarantinedTrial item={item} />
    </Page>
  )
}
