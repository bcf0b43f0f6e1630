import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { idParams } from '../../../routing/route-params.ts'
import { loadTrial, trialQueryOptions } from '../../../features/trials/trial-queries.ts'
import { TrialView } from '../../../features/trials/trial-view.tsx'
import { TrialReview } from '../../../features/review/trial-review.tsx'

/**
 * One trial's answers, then its review (its state, the decision, corrections, the history): a
 * screen of two domains, composed here. `/surveys/{id}` is the spec's address for it
 * (docs/behaviour.md#screens-and-routes), and the file name is the URL.
 */
export const Route = createFileRoute('/_app/_admin/surveys/$id')({
  params: idParams,
  staticData: { layout: { backButton: 'history' } },
  loader: ({ context, params }) => loadTrial(context.queryClient, params.id),
  component: TrialPage,
})

function TrialPage() {
  const { t } = useLingui()
  const { id } = Route.useParams()
  const { data: trial } = useSuspenseQuery(trialQueryOptions(id))
  return (
    <Page title={t`Trial`}>
      <TrialView trial={trial} />
      <TrialReview trial={trial} />
    </Page>
  )
}
