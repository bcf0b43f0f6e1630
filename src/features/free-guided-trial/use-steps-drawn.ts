import { useEffect, useState } from 'react'
import { afterPaintWhenIdle } from '../../ui/when-idle.ts'
import type { WizardView } from './wizard-machine.ts'
import { stepKey, type Step, type StepKind } from './wizard-steps.ts'

/**
 * The steps whose controls are in the page: the one shown, and the purchase step Next leads to,
 * which the wizard draws and lays out ahead of time, hidden. The purchase step draws the most of
 * any (its reasons, a device picker and every stick with a stepper); drawn ahead, Next only shows
 * it, and the click's task neither builds its elements nor lays out their text again. It is drawn
 * once the step shown is painted and the browser idle (Safari, which has no idle callbacks, after
 * the paint), so that drawing it never delays that step.
 */
export function useStepsDrawn(view: WizardView): Step[] {
  const next = view.steps[view.index + 1]
  const ahead = next && drawnAhead.has(next.kind) ? next : undefined
  const aheadKey = ahead ? stepKey(ahead) : null
  const [ready, setReady] = useState<string | null>(null)
  useEffect(() => {
    if (aheadKey === null) return
    return afterPaintWhenIdle(() => setReady(aheadKey), 1000)
  }, [aheadKey])
  return ahead && ready === aheadKey ? [view.step, ahead] : [view.step]
}

const drawnAhead = new Set<StepKind>(['shoppingSuccess', 'shoppingUnsuccess'])
