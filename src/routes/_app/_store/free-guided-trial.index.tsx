import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { useSession } from '../../../api/use-session.ts'
import { TrialWizard } from '../../../features/free-guided-trial/trial-wizard.tsx'
import { loadDraft, strandedDrafts } from '../../../features/free-guided-trial/wizard-draft.ts'
import { editionForWizard } from '../../../offline/content-editions.ts'
import { wizardContent } from '../../../features/free-guided-trial/wizard-edition.ts'
import { NoEdition } from '../../../features/free-guided-trial/no-edition.tsx'
import { stepInAddress } from '../../../features/free-guided-trial/use-step-history.ts'

/** The free guided trial wizard, for any signed-in user (a manager with a store). */
export const Route = createFileRoute('/_app/_store/free-guided-trial/')({
  // The step on screen, so that the browser's Back returns to the previous step; the wizard reads
  // it from the history itself (use-step-history.ts), and a step that is not a number is ignored.
  validateSearch: v.object({
    step: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
    // An administrator's preview of a content edition (a draft most often): nothing is stored.
    preview: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  }),
  loaderDeps: ({ search }) => ({ preview: search.preview }),
  // An unfinished trial of this user resumes where it was, and the address names that step before
  // the wizard is drawn (so that drawing it changes no address).
  loader: async ({ context, location, deps }) => {
    if (deps.preview !== undefined) return preview(deps.preview, location.searchStr)
    const draft = await loadDraft(context.session.user)
    // After the draft was read: one it could not restore is among these by then.
    const stranded = await strandedDrafts(context.session.user.id)
    if (stepInAddress(location.searchStr) === undefined) {
      throw redirect({
        to: '/free-guided-trial',
        search: { step: (draft?.stepIndex ?? 0) + 1 },
        replace: true,
      })
    }
    const edition = await editionForWizard(draft?.contentEdition)
    return { draft, stranded, content: edition && (await wizardContent(edition)), preview: null }
  },
  staleTime: Infinity,
  gcTime: 0,
  component: TrialWizardPage,
})

function TrialWizardPage() {
  const { session } = Route.useRouteContext()
  // The stored session follows check-in changes; the guard's copy is the fallback.
  const user = useSession()?.user ?? session.user
  const { draft, stranded, content, preview } = Route.useLoaderData()
  if (!content) return <NoEdition />
  return (
    <TrialWizard
      user={user}
      draft={draft}
      content={content}
      stranded={stranded}
      preview={preview}
    />
  )
}

/** The preview of edition `id`: a new trial in its words, with no draft of the user's touched. */
async function preview(id: number, searchStr: string) {
  if (stepInAddress(searchStr) === undefined) {
    throw redirect({ to: '/free-guided-trial', search: { step: 1, preview: id }, replace: true })
  }
  // Only here: the administration's call stays out of the wizard's code.
  const { previewEdition } = await import('../../../features/content-admin/preview-edition.ts')
  const content = await wizardContent(await previewEdition(id))
  return { draft: null, stranded: [], content, preview: id }
}
