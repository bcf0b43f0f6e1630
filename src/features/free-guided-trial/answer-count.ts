import { wizardSteps, type Step } from './wizard-steps.ts'
import type { WizardState } from './wizard-state.ts'

/** Whether the person has put anything into a step, valid or not. */
function stepHasAnswer(step: Step, state: WizardState): boolean {
  const a = state.answers
  switch (step.kind) {
    case 'store':
      return a.store !== null
    case 'gender':
      return a.gender !== null
    case 'ageRange':
      return a.ageRange !== null
    case 'habits':
      return a.habits.length > 0
    case 'habitsHTS':
      return a.habitsHTS.brandFamily !== null || a.habitsHTS.pack !== null
    case 'habitsRMC':
      return a.habitsRMC.brandFamily !== null || a.habitsRMC.other.trim() !== ''
    case 'consumption':
      return a.consumption !== null
    case 'referalSource':
      return a.referalSource.length > 0
    case 'email':
      return a.email.email.trim() !== '' || a.email.phone.trim() !== ''
    case 'consumptionOrder':
      return a.consumptionOrder.order.length > 0
    case 'stickImpression': {
      const impression = a.stickImpressions[step.color]
      return impression !== undefined && Object.values(impression).some((list) => list.length > 0)
    }
    case 'stickComment':
      return (a.stickComments[step.color] ?? '').trim() !== ''
    case 'device':
      return a.device.product !== null
    case 'shopping':
      return a.shopping !== null
    case 'shoppingSuccess':
      return (
        a.shoppingSuccess.reason.length > 0 ||
        a.shoppingSuccess.device !== null ||
        a.shoppingSuccess.sticks.length > 0
      )
    case 'shoppingUnsuccess':
      return a.shoppingUnsuccess.reason.length > 0 || a.shoppingUnsuccess.comment.trim() !== ''
  }
}

/**
 * How many of the wizard's steps hold an answer: what giving up would throw away, and whether
 * to ask before it (docs/behaviour.md#the-guided-trial).
 */
export function answerCount(state: WizardState): number {
  return wizardSteps(state).filter((step) => stepHasAnswer(step, state)).length
}
