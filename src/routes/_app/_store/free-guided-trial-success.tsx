import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { TrialSuccess } from '../../../features/free-guided-trial/trial-success.tsx'

export const Route = createFileRoute('/_app/_store/free-guided-trial-success')({
  validateSearch: v.object({ trial: v.optional(v.string()) }),
  component: TrialSuccessPage,
})

function TrialSuccessPage() {
  const { trial } = Route.useSearch()
  return <TrialSuccess trialId={trial} />
}
