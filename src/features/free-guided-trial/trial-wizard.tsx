import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  type RefObject,
} from 'react'
import { Link, useNavigate, useRouter } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import type { SignedInUser } from '../../api/session.ts'
import { currentLocale } from '../../i18n.ts'
import { Button } from '../../ui/button.tsx'
import { Page } from '../../ui/page.tsx'
import { answerCount } from './answer-count.ts'
import { GiveUpButton } from './give-up-button.tsx'
import { StepView, useStepText } from './step-view.tsx'
import { buildTrialBody } from './trial-body.ts'
import { useFinishTrial } from './trial-api.ts'
import { useDraftWriter } from './use-draft-writer.ts'
import { whenIdle } from '../../ui/when-idle.ts'
import { showToast } from '../../ui/toast/show-toast.ts'
import type { WizardAction } from './wizard-actions.ts'
import { dropDraft } from './wizard-draft.ts'
import { wizardReducer, wizardView } from './wizard-machine.ts'
import { initialWizardState, type WizardState } from './wizard-state.ts'
import { stepKey } from './wizard-steps.ts'
import { useStepsDrawn } from './use-steps-drawn.ts'
import { useStepHistory } from './use-step-history.ts'
import type { StrandedDraft } from '../../offline/database.ts'
import { WizardEdition } from './use-edition-words.ts'
import type { WizardContent } from './wizard-edition.ts'

import styles from './trial-wizard.module.css'

/**
 * The free guided trial (docs/behaviour.md#the-guided-trial): one step at a time, Back / Next and
 * Finish on the last step; Give up in the header, asking first when there are answers. The reducer
 * owns every rule; this only renders and dispatches.
 */
// Each step writes its place into the address; the route's page draws again for it, and the
// wizard need not (its props are the same).
export const TrialWizard = memo(Wizard)

// Rarely needed (a draft an update could not restore): its code stays off the trial's path.
const StrandedDrafts = lazy(() =>
  import('./stranded-drafts.tsx').then((module) => ({ default: module.StrandedDrafts })),
)

function Wizard({
  user,
  draft,
  content,
  stranded,
  preview,
}: {
  user: SignedInUser
  draft: WizardState | null
  /** The content edition whose answers it offers (its draft's, or the one in use), with its consents' ids. */
  content: WizardContent
  /** Drafts of this user that could not be restored: shown above the new trial, never dropped. */
  stranded: StrandedDraft[]
  /** The edition an administrator previews: no draft is written or dropped, nothing is stored. */
  preview: number | null
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const router = useRouter()
  const { edition, consentTextIds } = content
  const { lists } = edition
  const reducer = useMemo(
    () => (before: WizardState, action: WizardAction) => wizardReducer(before, action, lists),
    [lists],
  )
  const [state, apply] = useReducer(
    reducer,
    user,
    (owner) => draft ?? initialWizardState(owner, currentLocale(), edition.id),
  )
  const view = wizardView(state)
  const text = useStepText(view.step, lists)
  const stepsDrawn = useStepsDrawn(view)
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const submit = useFinishTrial()
  const locked = submit.isPending || submit.isSuccess

  // Every change is kept on the device, so a reload or a closed tab resumes the trial here.
  const drafts = useDraftWriter(user.id, state, !locked && preview === null)

  // A new step: its question gets the focus, so that keyboard and screen-reader users follow. The
  // focus moves as the action is dispatched, while the page is still as it was drawn: focusing
  // then needs no style or layout of its own, and the old step's controls are not removed with the
  // focus in them. The heading's new text is in place before the task ends, so before anything is
  // announced. (The reducer is pure: running it ahead tells whether the step changes.)
  // A store is chosen in the store picker's effect, after the picker has drawn the choice: focusing
  // there would lay out that page at once and blur the picker (one more render of a picker about
  // to go), so the new step takes the focus once it is in the page (the effect below).
  const latest = useRef(state)
  useEffect(() => {
    latest.current = state
  }, [state])
  const dispatch = useCallback(
    (action: WizardAction) => {
      const before = latest.current
      const focusesAhead = action.type !== 'setStore'
      if (focusesAhead && reducer(before, action).stepIndex !== before.stepIndex) {
        focusHeading(heading)
      }
      apply(action)
    },
    [reducer],
  )

  // The browser's Back and Forward move between steps as the wizard's own buttons do.
  const steps = useStepHistory(view.index, (stepIndex) => {
    const action: WizardAction = { type: 'goTo', stepIndex }
    dispatch(action)
    return reducer(latest.current, action).stepIndex
  })

  // …and the page goes back to its top: only a page that was scrolled is scrolled (a scroll
  // listener tells, so that nothing here reads layout).
  const scrolled = usePageScrolled()
  // The wizard opens on its step's question, as each later step does.
  useEffect(() => focusHeading(heading), [])

  const shownIndex = useRef(view.index)
  useEffect(() => {
    if (shownIndex.current === view.index) return
    shownIndex.current = view.index
    if (document.activeElement !== heading.current) focusHeading(heading)
    if (scrolled.current) window.scrollTo({ top: 0 })
  }, [view.index, scrolled])

  // The success screen's code is fetched before Finish, so that it shows at once: while the
  // browser is idle after the wizard opens, not during a step change.
  useEffect(
    () => whenIdle(() => void router.preloadRoute({ to: '/free-guided-trial-success' })),
    [router],
  )

  // Once: a second tap while the history moves back would leave the page before the wizard.
  const givingUp = useRef(false)
  const giveUp = () => {
    if (givingUp.current) return
    givingUp.current = true
    drafts.cancel()
    if (preview === null) void dropDraft(user.id)
    steps.leave()
  }

  // Finish is guarded at the click (a double click arrives before React draws the button
  // disabled); the trial id makes any later Finish of this wizard, in this tab or another, a no-op.
  const finishing = useRef(false)
  const finish = () => {
    const answers = buildTrialBody(state, user, consentTextIds)
    if (finishing.current || !view.canFinish || !answers) return
    finishing.current = true
    if (preview !== null) {
      showToast('success', t`Preview finished: nothing was stored.`)
      steps.leave()
      return
    }
    // The draft is written as it is now, before the trial is kept: a reload that cuts the keeping
    // short then finds every answer in the draft (its last ones may still have been waiting).
    drafts.flush()
    submit.mutate(
      { userId: user.id, trialId: state.trialId, answers },
      {
        // The success page takes the wizard's place in the history: Back from the home after
        // it leaves the flow instead of opening a new, empty wizard.
        onSuccess: () =>
          steps.finish(
            () =>
              void navigate({
                to: '/free-guided-trial-success',
                search: { trial: state.trialId },
                replace: true,
              }),
          ),
        onError: () => {
          finishing.current = false
        },
      },
    )
  }

  const number = view.index + 1
  const count = view.count
  return (
    <Page
      title={t`Free guided trial`}
      className={styles.page}
      actions={<GiveUpButton answers={answerCount(state)} disabled={locked} onGiveUp={giveUp} />}
    >
      {preview !== null && (
        <p role="status" className={styles.preview}>
          {t`Preview of content edition ${preview}: nothing entered here is stored.`}
        </p>
      )}
      {stranded.length > 0 && (
        <Suspense>
          <StrandedDrafts drafts={stranded} />
        </Suspense>
      )}
      <div className={styles.progress}>
        <p className={styles.progressText}>{t`Step ${number} of ${count}`}</p>
        <div className={styles.bar} aria-hidden="true">
          <span
            className={styles.barFill}
            style={{ transform: `translateX(${(number / count) * 100 - 100}%)` }}
          />
        </div>
      </div>

      <section className={styles.card} aria-labelledby={headingId}>
        <div className={styles.question}>
          <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
            {text.title}
          </h2>
          {text.hint && <p className={styles.hint}>{text.hint}</p>}
        </div>
        <div inert={locked} className={styles.body}>
          <WizardEdition value={edition}>
            {stepsDrawn.map((step) => {
              const ahead = step !== view.step
              return (
                <div key={stepKey(step)} className={ahead ? styles.ahead : undefined} inert={ahead}>
                  <StepView step={step} state={state} dispatch={dispatch} headingId={headingId} />
                </div>
              )
            })}
          </WizardEdition>
        </div>
      </section>

      <nav className={styles.nav} aria-label={t`Trial steps`}>
        {/* On the first step Back stays in its place, disabled: a tap too many does nothing. */}
        <Button variant="secondary" onClick={steps.back} disabled={view.isFirst || locked}>
          <Arrow direction="back" />
          {t`Back`}
        </Button>
        {view.isLast ? (
          <Button onClick={finish} disabled={!view.canFinish} loading={submit.isPending}>
            {t`Finish`}
          </Button>
        ) : (
          <Button
            onClick={() => dispatch({ type: 'next' })}
            disabled={!view.canGoForward || locked}
          >
            {t`Next`}
            <Arrow direction="forward" />
          </Button>
        )}
      </nav>
      {view.isFirst && (
        <p className={styles.simple}>
          <Link to="/free-guided-trial/simple">{t`Note the trial in a few words instead (simple trial)`}</Link>
        </p>
      )}
    </Page>
  )
}

function focusHeading(heading: RefObject<HTMLHeadingElement | null>) {
  heading.current?.focus({ preventScroll: true })
}

/** Whether the page is scrolled down, kept from scroll events so that asking reads no layout. */
function usePageScrolled(): RefObject<boolean> {
  const scrolled = useRef(false)
  useEffect(() => {
    const update = () => {
      scrolled.current = window.scrollY > 0
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  return scrolled
}

function Arrow({ direction }: { direction: 'back' | 'forward' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d={direction === 'back' ? 'M19 12H5m6-6l-6 6 6 6' : 'M5 12h14m-6-6l6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
