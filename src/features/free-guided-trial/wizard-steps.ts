import * as v from 'valibot'
import type { Country } from '../../contract/stores.ts'
import { commentMaxLength } from '../../contract/trial.ts'
import { phoneInCountry } from '../../contract/phone.ts'
import { emailSchema } from '../../contract/validators.ts'
import type { Habit, ShoppingAnswer, StickColor } from '../../contract/trial-options.ts'
import type { ContactAnswer, WizardState } from './wizard-state.ts'

/** A step of the wizard; the stick steps carry their colour. */
export type Step =
  | {
      kind:
        | 'store'
        | 'gender'
        | 'ageRange'
        | 'habits'
        | 'habitsHTS'
        | 'habitsRMC'
        | 'consumption'
        | 'referalSource'
        | 'email'
        | 'consumptionOrder'
        | 'device'
        | 'shopping'
        | 'shoppingSuccess'
        | 'shoppingUnsuccess'
    }
  | { kind: 'stickImpression'; color: StickColor }
  | { kind: 'stickComment'; color: StickColor }

export type StepKind = Step['kind']

/** A step's name, unique in the list: the answer key it fills (`tan`, `tanComment` for sticks). */
export function stepKey(step: Step): string {
  if (step.kind === 'stickImpression') return step.color
  if (step.kind === 'stickComment') return `${step.color}Comment`
  return step.kind
}

/** What the list of steps depends on; nothing else changes it. */
export interface StepInputs {
  choosesStore: boolean
  habits: readonly Habit[]
  sticks: readonly StickColor[]
  shopping: ShoppingAnswer | null
}

/**
 * The steps in order (docs/behaviour.md#states-and-transitions): store (not for a manager), gender,
 * ageRange, habits, habitsHTS and habitsRMC while selected, consumption, referalSource, email,
 * consumptionOrder, an impression and a comment step per chosen stick colour and then the device
 * step (only while a stick is chosen), shopping, and shoppingUnsuccess after a "no",
 * shoppingSuccess otherwise.
 */
export function buildSteps({ choosesStore, habits, sticks, shopping }: StepInputs): Step[] {
  const steps: Step[] = []
  if (choosesStore) steps.push({ kind: 'store' })
  steps.push({ kind: 'gender' }, { kind: 'ageRange' }, { kind: 'habits' })
  if (habits.includes('HTS')) steps.push({ kind: 'habitsHTS' })
  if (habits.includes('RMC')) steps.push({ kind: 'habitsRMC' })
  steps.push({ kind: 'consumption' }, { kind: 'referalSource' }, { kind: 'email' })
  steps.push({ kind: 'consumptionOrder' })
  for (const color of sticks) {
    steps.push({ kind: 'stickImpression', color }, { kind: 'stickComment', color })
  }
  if (sticks.length > 0) steps.push({ kind: 'device' })
  steps.push({ kind: 'shopping' })
  steps.push({ kind: shopping === 'no' ? 'shoppingUnsuccess' : 'shoppingSuccess' })
  return steps
}

let lastInputs: StepInputs | null = null
let lastSteps: Step[] = []

/**
 * The state's steps, computed again only when one of their inputs changed (the reducer keeps
 * unchanged parts of the state by reference), so that a step change costs no list building.
 */
export function wizardSteps(state: WizardState): Step[] {
  const inputs: StepInputs = {
    choosesStore: state.choosesStore,
    habits: state.answers.habits,
    sticks: state.answers.consumptionOrder.order,
    shopping: state.answers.shopping,
  }
  if (
    lastInputs === null ||
    lastInputs.choosesStore !== inputs.choosesStore ||
    lastInputs.habits !== inputs.habits ||
    lastInputs.sticks !== inputs.sticks ||
    lastInputs.shopping !== inputs.shopping
  ) {
    lastInputs = inputs
    lastSteps = buildSteps(inputs)
  }
  return lastSteps
}

export function isValidEmail(email: string): boolean {
  return v.is(emailSchema, email)
}

/**
 * `null` while nothing is typed, else whether the text passes its rule: the phone the rule of the
 * trial's store's country (its calling code is the one the field shows).
 */
export function contactChecks(contact: ContactAnswer, country: Country) {
  const email = contact.email.trim() === '' ? null : isValidEmail(contact.email)
  const phone = contact.phone.trim() === '' ? null : phoneInCountry(contact.phone, country) !== null
  return { email, phone }
}

/**
 * A phone typed but not confirmed as valid with OK: its consents were never asked for, so "No
 * email" goes on without it, and asks first (docs/behaviour.md#the-guided-trial).
 */
export function hasUnconfirmedPhone(contact: ContactAnswer, country: Country): boolean {
  if (contact.phone.trim() === '') return false
  return !(contact.phoneChecked && contactChecks(contact, country).phone === true)
}

/**
 * The email step is valid when its form is (whatever is typed passes its rule, both consents
 * ticked) and the email or the phone was confirmed with OK and is valid
 * (docs/behaviour.md#states-and-transitions).
 */
export function isContactValid(contact: ContactAnswer, country: Country): boolean {
  const { email, phone } = contactChecks(contact, country)
  const formValid =
    email !== false && phone !== false && contact.privacyPolicy && contact.analizeData
  const confirmed =
    (contact.emailChecked && email === true) || (contact.phoneChecked && phone === true)
  return formValid && confirmed
}

/**
 * Whether a step lets the user go on. Everything starts invalid except the optional steps:
 * consumption order, the stick steps and the device (docs/behaviour.md#states-and-transitions).
 */
export function isStepValid(step: Step, state: WizardState): boolean {
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
      return a.habitsHTS.pack !== null
    case 'habitsRMC':
      return a.habitsRMC.pack !== null || a.habitsRMC.other.trim() !== ''
    case 'consumption':
      return a.consumption !== null
    case 'referalSource':
      return a.referalSource.length > 0
    case 'email':
      return isContactValid(a.email, state.country)
    case 'stickComment':
      // Optional, but a text past the limit is not cut off: it must be shortened first.
      return (a.stickComments[step.color] ?? '').trim().length <= commentMaxLength
    case 'consumptionOrder':
    case 'stickImpression':
    case 'device':
      return true
    case 'shopping':
      return a.shopping !== null
    case 'shoppingSuccess':
      return (
        a.shoppingSuccess.reason.length > 0 &&
        (a.shoppingSuccess.device !== null ||
          a.shoppingSuccess.sticks.some((stick) => stick.quantity > 0))
      )
    case 'shoppingUnsuccess':
      return (
        a.shoppingUnsuccess.reason.length > 0 &&
        a.shoppingUnsuccess.comment.trim().length <= commentMaxLength
      )
  }
}

/** Steps that go on by themselves once answered (docs/behaviour.md#states-and-transitions). */
export const autoAdvanceSteps: ReadonlySet<StepKind> = new Set([
  'store',
  'gender',
  'ageRange',
  'consumption',
])
