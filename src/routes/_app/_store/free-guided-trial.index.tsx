import { createFileRoute } from '@tanstack/react-router'
import { useSession } from '../../../api/use-session.ts'
import { TrialWizard } from '../../../features/trial/trial-wizard.tsx'

/** The free guided trial wizard, for any signed-in user (a manager with a store). */
export const Route = createFileRoute('/_app/_store/free-guided-trial/')({
  component: TrialWizardPage,
})

function TrialWizardPage() {
  const { session } = Route.useRouteContext()
  // The stored session follows check-in changes; the guard's copy is the fallback.
  const user = useSession()?.user ?? session.user
  return <TrialWizard user={user} />
}
