import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useSession } from '../../../api/use-session.ts'
import { SimpleTrialForm } from '../../../features/free-guided-trial/simple-trial-form.tsx'
import { Page } from '../../../ui/page.tsx'

/** The simple free guided trial: a store and a free-text comment. */
export const Route = createFileRoute('/_app/_store/free-guided-trial/simple')({
  component: SimpleTrialPage,
})

function SimpleTrialPage() {
  const { t } = useLingui()
  const { session } = Route.useRouteContext()
  // The stored session follows check-in changes; the guard's copy is the fallback.
  const user = useSession()?.user ?? session.user
  return (
    <Page title={t`Simple trial`} width="narrow">
      <SimpleTrialForm user={user} />
    </Page>
  )
}
