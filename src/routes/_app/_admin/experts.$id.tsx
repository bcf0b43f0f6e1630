import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { loadUser, userQueryOptions } from '../../../features/users/user-queries.ts'
import { ExpertTrials } from '../../../features/trials/expert-trials.tsx'
import { dateRangeSearchSchema, idParams } from '../../../routing/route-params.ts'

export const Route = createFileRoute('/_app/_admin/experts/$id')({
  params: idParams,
  validateSearch: dateRangeSearchSchema,
  staticData: { layout: { backButton: 'history' } },
  loader: ({ context, params }) => loadUser(context.queryClient, params.id),
  component: ExpertPage,
})

function ExpertPage() {
  const { t } = useLingui()
  const { id } = Route.useParams()
  const range = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data: user } = useSuspenseQuery(userQueryOptions(id))
  const name = user.fullname
  return (
    <Page title={t`Trials by ${name}`}>
      <ExpertTrials
        userId={id}
        range={range}
        onRange={(next) => void navigate({ search: next, replace: true })}
      />
    </Page>
  )
}
