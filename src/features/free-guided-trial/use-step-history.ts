import { useEffect, useRef } from 'react'
import { useNavigate, useRouter } from '@tanstack/react-router'

declare module '@tanstack/history' {
  interface HistoryState {
    /** How many wizard steps this history entry is past the entry that opened the wizard. */
    wizardDepth?: number
  }
}

const wizardPath = '/free-guided-trial'
/** Long enough to be after a step change's frames on a slow tablet, short beside a person's Back. */
const addressDelayMs = 150
/** How long a move back through the history may take before it is taken as not coming. */
const historyMoveMs = 1000

/**
 * Runs `task` a moment after the next frame is drawn (`delay` ms); answers a function that cancels
 * it.
 */
function afterNextPaint(task: () => void, delay: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, delay)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/** The step number (1, 2, …) an address names with `?step=`, if any. */
export function stepInAddress(search: string): number | undefined {
  const step = Number(new URLSearchParams(search).get('step'))
  return Number.isInteger(step) && step >= 1 ? step : undefined
}

/**
 * The wizard's step in the address (`?step=`), with one history entry per step forward, so that
 * the browser's Back returns to the previous step and Forward goes on again
 * (docs/behaviour.md#the-guided-trial). The wizard's state (the draft) stays the truth: a wizard
 * opens on its draft's step whatever the address says, and Back or Forward to a step that cannot
 * be reached yet stops at the last step that can.
 *
 * `goTo` moves the wizard to a step by its place and returns the place it reached. The returned
 * `back` is the wizard's own Back button: a step entered forward in this history is left through
 * the history, like the browser's Back; otherwise the wizard steps back and the address follows.
 * `leave` goes back to the page that opened the wizard; `finish` takes the wizard's steps out of
 * the history on the way to the page after it.
 */
export function useStepHistory(stepIndex: number, goTo: (stepIndex: number) => number) {
  const navigate = useNavigate()
  const router = useRouter()
  const history = router.history

  // Reads the history itself rather than the rendered search: two quick steps forward come before
  // the router has drawn the first one's address.
  const depth = () => history.location.state.wizardDepth ?? 0
  const shown = () => {
    const step = stepInAddress(history.location.search)
    return step === undefined ? undefined : step - 1
  }
  const show = (index: number, how: 'push' | 'replace', entryDepth?: number) =>
    void navigate({
      to: wizardPath,
      // The rest of the address stays (a preview names its edition there).
      search: (before) => ({ ...before, step: index + 1 }),
      replace: how === 'replace',
      state: { wizardDepth: entryDepth ?? (how === 'push' ? depth() + 1 : depth()) },
      resetScroll: false,
    })

  // The wizard moved (Next, an answer that goes on by itself, Back without history): the address
  // follows, a step forward as a new entry. It is written a moment after the new step is drawn:
  // the router draws the whole page again for a new address, which would double a step change's
  // work (docs/quality.md) if done in its frames. Writes run in order; once the wizard is gone,
  // none is left to run.
  const latestGoTo = useRef(goTo)
  useEffect(() => {
    latestGoTo.current = goTo
  })
  const follow = (index: number) => {
    if (!history.location.pathname.endsWith(wizardPath)) return
    const inAddress = shown()
    if (inAddress === index) return
    show(index, inAddress !== undefined && index === inAddress + 1 ? 'push' : 'replace')
  }
  const pending = useRef(new Set<() => void>())
  const cancelWrites = () => {
    pending.current.forEach((cancel) => cancel())
    pending.current.clear()
  }
  useEffect(() => {
    const writes = pending.current
    return () => writes.forEach((cancel) => cancel())
  }, [])
  const opened = useRef(false)
  useEffect(() => {
    if (opened.current) {
      if (shown() === stepIndex) return
      const cancel = afterNextPaint(() => {
        pending.current.delete(cancel)
        follow(stepIndex)
      }, addressDelayMs)
      pending.current.add(cancel)
      return
    }
    opened.current = true
    // Opened (the route names the draft's step, or a reload or a kept address another): the draft
    // decides, since an address can lag behind it (a reload before the last step was written).
    // The entries before a corrected address are not this wizard's steps: its Back steps without
    // them (depth 0).
    if (shown() !== stepIndex) show(stepIndex, 'replace', 0)
    // Only the step decides; `follow` and `show` read the history when they run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepIndex])

  /** A history step back asked by Back and not yet arrived: a second tap waits for it. */
  const travelling = useRef(false)
  /** The wizard is finished and leaving: the history moving back is no step to follow. */
  const finished = useRef(false)

  // The browser's Back or Forward (or a typed address) within the wizard: the wizard follows.
  useEffect(
    () =>
      history.subscribe(({ location, action }) => {
        travelling.current = false
        if (finished.current) return
        if (action.type === 'PUSH' || action.type === 'REPLACE') return
        if (!location.pathname.endsWith(wizardPath)) return
        // Steps not yet in the address are behind the one the browser went to.
        cancelWrites()
        const asked = stepInAddress(location.search)
        if (asked === undefined) return
        const reached = latestGoTo.current(asked - 1)
        if (reached !== asked - 1) show(reached, 'replace')
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [history],
  )

  const back = () => {
    // A step not yet in the address has no entry of its own: the previous step's is still current.
    const written = shown() === stepIndex
    if (travelling.current) return
    cancelWrites()
    if (written && depth() > 0) {
      travelling.current = true
      history.back()
    } else latestGoTo.current(stepIndex - 1)
  }

  const leave = () => {
    const entries = depth() + 1
    if (history.location.state.__TSR_index >= entries) history.go(-entries)
    else void navigate({ to: '/', replace: true })
  }

  /**
   * The trial is finished: the wizard's steps leave the history, so that Back from the pages after
   * it (the success page, the home) never opens a wizard again. The history goes back to the
   * wizard's first entry, and `goOn` replaces it (with the success page).
   */
  const finish = (goOn: () => void) => {
    finished.current = true
    cancelWrites()
    const entries = depth()
    if (entries === 0) return goOn()
    // The page after the wizard shows whether or not the history moved: Chromium at times drops a
    // move back to an entry that a reload's address correction rewrote, and the finished trial
    // would stay on its last step. Then the steps stay in the history, and the next page replaces
    // the last one.
    let settled = false
    const settle = () => {
      if (settled) return
      settled = true
      stop()
      clearTimeout(unmoved)
      goOn()
    }
    const stop = history.subscribe(settle)
    const unmoved = setTimeout(settle, historyMoveMs)
    history.go(-entries)
  }

  return { back, leave, finish }
}
