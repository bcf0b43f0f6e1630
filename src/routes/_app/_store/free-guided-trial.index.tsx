import { createFileRoute } from '@tanstack/react-router'
import { useSession } from '../../../api/use-session.ts'
import { TrialWizard } from '../../../features/trial/trial-wizard.tsx'
import { loadDraft } from '../../../features/trial/wizard-draft.ts'

/** The free guided trial wizard, for any signed-in user (a manager with a store). */
export const Route = createFileRoute('/_app/_store/free-guided-trial/')({
  // An unfinished trial of this user resumes where it was.
  loader: ({ context }) => loadDraft(context.session.user),
  staleTime: Infinity,
  gcTime: 0,
  component: TrialWizardPage,
})

function TrialWizardPage() {
  const { session } = Route.useRouteContext()
  // The stored session follows check-in changes; the guard's copy is the fallback.
  const user = useSession()?.user ?? session.user
  const draft = Route.useLoaderData()
  return <TrialWizard user={user} draft={draft} />
}
