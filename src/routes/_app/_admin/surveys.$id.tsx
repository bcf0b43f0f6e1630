import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { idParams } from '../../../features/layout/route-params.ts'
import { loadSurvey, surveyQueryOptions } from '../../../features/surveys/survey-queries.ts'
import { SurveyView } from '../../../features/surveys/survey-view.tsx'

export const Route = createFileRoute('/_app/_admin/surveys/$id')({
  params: idParams,
  staticData: { layout: { backButton: 'history' } },
  loader: ({ context, params }) => loadSurvey(context.queryClient, params.id),
  component: SurveyPage,
})

function SurveyPage() {
  const { t } = useLingui()
  const { id } = Route.useParams()
  const { data: trial } = useSuspenseQuery(surveyQueryOptions(id))
  return (
    <Page title={t`Trial`}>
      <SurveyView trial={trial} />
    </Page>
  )
}
