/**
 * The free guided trial's step machine (docs/behaviour.md#states-and-transitions), without React: a
 * reducer over plain JSON state. Components dispatch actions and render `wizardView(state)`; every
 * rule lives here.
 */
import { consentNames } from '../../contract/consents.ts'
import type { EditionLists } from '../../contract/content-edition.ts'
import type { StickColor } from '../../contract/trial-options.ts'
import { impressionKeys, shownKeys } from './wizard-edition.ts'
import type {
  ConsentsShown,
  ImpressionGroupName,
  ImpressionLists,
  ImpressionPick,
  WizardAction,
} from './wizard-actions.ts'
import {
  emptyDeviceImpression,
  emptyAnswers,
  emptyStickImpression,
  type ContactAnswer,
  type WizardAnswers,
  type WizardState,
} from './wizard-state.ts'
import {
  autoAdvanceSteps,
  contactChecks,
  hasUnconfirmedPhone,
  isStepValid,
  wizardSteps,
  type Step,
  type StepKind,
} from './wizard-steps.ts'

/** Adds or removes `item`, keeping the options' order. */
function toggleIn<T>(list: readonly T[], item: T, order: readonly T[]): T[] {
  return list.includes(item)
    ? list.filter((entry) => entry !== item)
    : order.filter((entry) => entry === item || list.includes(entry))
}

function toggleImpression<I extends Record<ImpressionGroupName, string[]>>(
  impression: I,
  pick: ImpressionPick,
  lists: ImpressionLists,
): I {
  const group = pick.group
  return { ...impression, [group]: toggleIn(impression[group], pick.option, lists[group]) }
}

function answer(state: WizardState, patch: Partial<WizardAnswers>): WizardState {
  return { ...state, answers: { ...state.answers, ...patch } }
}

function currentStep(state: WizardState): Step | undefined {
  return wizardSteps(state)[state.stepIndex]
}

function goForward(state: WizardState): WizardState {
  const steps = wizardSteps(state)
  const step = steps[state.stepIndex]
  if (!step || !isStepValid(step, state) || state.stepIndex >= steps.length - 1) return state
  return { ...state, stepIndex: state.stepIndex + 1 }
}

/**
 * Back to any earlier step; forward only through steps that are answered, so a step that cannot be
 * reached yet stops at the last one that can.
 */
function goTo(state: WizardState, stepIndex: number): WizardState {
  if (stepIndex <= state.stepIndex) return { ...state, stepIndex: Math.max(0, stepIndex) }
  let reached = state
  while (reached.stepIndex < stepIndex) {
    const next = goForward(reached)
    if (next === reached) break
    reached = next
  }
  return reached
}

/** Store, gender, age range and consumption go on by themselves once validly answered. */
function autoAdvance(state: WizardState, kind: StepKind, advance = true): WizardState {
  if (!advance || !autoAdvanceSteps.has(kind) || currentStep(state)?.kind !== kind) return state
  return goForward(state)
}

/** The entries of `record` under `keys`; the others are left out. */
function only<K extends string, V>(
  record: Partial<Record<K, V>>,
  keys: readonly K[],
): Partial<Record<K, V>> {
  const kept: Partial<Record<K, V>> = {}
  for (const key of keys) {
    const value = record[key]
    if (value !== undefined) kept[key] = value
  }
  return kept
}

/**
 * The chosen sticks changed: a colour no longer chosen loses its impression and comment, and with
 * no stick at all the device goes too (its steps are gone from the list).
 */
function setSticks(
  state: WizardState,
  consumptionOrder: WizardAnswers['consumptionOrder'],
): WizardState {
  const chosen = consumptionOrder.order
  const none = chosen.length === 0
  return answer(state, {
    consumptionOrder,
    stickImpressions: only(state.answers.stickImpressions, chosen),
    stickComments: only(state.answers.stickComments, chosen),
    device: none ? { product: null, impressions: emptyDeviceImpression } : state.answers.device,
  })
}

function pickStick(state: WizardState, color: StickColor): WizardState {
  const { order, multiple, counts } = state.answers.consumptionOrder
  if (multiple) {
    return setSticks(state, {
      order: order.includes(color) ? order : [...order, color],
      multiple,
      counts: { ...counts, [color]: (counts[color] ?? 0) + 1 },
    })
  }
  return setSticks(state, {
    order: order.includes(color) ? order.filter((entry) => entry !== color) : [...order, color],
    multiple,
    counts,
  })
}

function setContact(state: WizardState, patch: Partial<ContactAnswer>): WizardState {
  return answer(state, { email: { ...state.answers.email, ...patch } })
}

/**
 * OK on a field: it is now checked; a valid email or phone ticks both consents, unless the build
 * turns that off. A box the app ticks is recorded as ticked by the app (one the person ticked
 * already stays theirs).
 */
function checkContact(
  state: WizardState,
  field: 'email' | 'phone',
  shown: ConsentsShown,
): WizardState {
  const contact = state.answers.email
  const checks = contactChecks(contact, state.country)
  const checked = field === 'email' ? { emailChecked: true } : { phoneChecked: true }
  if (checks[field] !== true || !shown.autoTick) return setContact(state, checked)
  const consentsSet = { ...contact.consentsSet }
  for (const name of consentNames) {
    if (!contact[name]) consentsSet[name] = { by: 'app', locale: shown.locale }
  }
  return setContact(state, { ...checked, privacyPolicy: true, analizeData: true, consentsSet })
}

/** The person sets a consent's box: recorded as theirs, with the locale its text was shown in. */
function setConsent(state: WizardState, action: Extract<WizardAction, { type: 'setConsent' }>) {
  const { consent, checked, locale } = action
  const consentsSet = { ...state.answers.email.consentsSet, [consent]: { by: 'person', locale } }
  return setContact(state, { [consent]: checked, consentsSet })
}

/** Keeps the step index inside the list (the list only changes after the current step, but still). */
function clampStep(state: WizardState): WizardState {
  const last = wizardSteps(state).length - 1
  return state.stepIndex > last ? { ...state, stepIndex: last } : state
}

/**
 * The next state after `action`; `lists` are the wizard's content edition's, whose order chosen
 * answers keep.
 */
export function wizardReducer(
  state: WizardState,
  action: WizardAction,
  lists: EditionLists,
): WizardState {
  return clampStep(reduce(state, action, lists))
}

function reduce(state: WizardState, action: WizardAction, lists: EditionLists): WizardState {
  const a = state.answers
  switch (action.type) {
    case 'next':
      return goForward(state)
    case 'back':
      return state.stepIndex > 0 ? { ...state, stepIndex: state.stepIndex - 1 } : state
    case 'goTo':
      return goTo(state, action.stepIndex)
    case 'setStore': {
      // The store's country gives the phone's calling code and rule.
      const withStore = answer(state, { store: action.store })
      const country = action.store?.country ?? state.country
      return autoAdvance({ ...withStore, country }, 'store')
    }
    case 'setGender':
      return autoAdvance(answer(state, { gender: action.gender }), 'gender', action.advance)
    case 'setAgeRange':
      return autoAdvance(answer(state, { ageRange: action.ageRange }), 'ageRange', action.advance)
    case 'setConsumption':
      return autoAdvance(
        answer(state, { consumption: action.consumption }),
        'consumption',
        action.advance,
      )
    case 'toggleHabit': {
      const habits = toggleIn(a.habits, action.habit, shownKeys(lists.habits))
      // An unselected habit's step goes, and its answer with it.
      return answer(state, {
        habits,
        habitsHTS: habits.includes('HTS') ? a.habitsHTS : { brandFamily: null, pack: null },
        habitsRMC: habits.includes('RMC')
          ? a.habitsRMC
          : { brandFamily: null, pack: null, other: '' },
      })
    }
    case 'setHtsFamily':
      // Another brand family clears the chosen pack.
      return answer(state, {
        habitsHTS: {
          brandFamily: action.brandFamily,
          pack: action.brandFamily === a.habitsHTS.brandFamily ? a.habitsHTS.pack : null,
        },
      })
    case 'setHtsPack':
      return answer(state, { habitsHTS: { ...a.habitsHTS, pack: action.pack } })
    case 'setRmcFamily':
      // Picking a brand family clears the chosen pack, and the other text, which is shown only
      // while no brand family is chosen.
      return answer(state, {
        habitsRMC: {
          brandFamily: action.brandFamily,
          pack: null,
          other: action.brandFamily === null ? a.habitsRMC.other : '',
        },
      })
    case 'setRmcPack':
      // Choosing a pack clears the other text.
      return answer(state, {
        habitsRMC: {
          brandFamily: action.pack?.brandFamily ?? a.habitsRMC.brandFamily,
          pack: action.pack,
          other: action.pack ? '' : a.habitsRMC.other,
        },
      })
    case 'setRmcOther':
      // Typing other text clears the pack and the brand family.
      return answer(state, {
        habitsRMC: action.other
          ? { brandFamily: null, pack: null, other: action.other }
          : { ...a.habitsRMC, other: '' },
      })
    case 'toggleReferralSource':
      return answer(state, {
        referalSource: toggleIn(a.referalSource, action.source, shownKeys(lists.referralSources)),
      })
    case 'setEmail':
      return setContact(state, { email: action.email, emailChecked: false })
    case 'setPhone':
      return setContact(state, { phone: action.phone, phoneChecked: false })
    case 'checkEmail':
      return checkContact(state, 'email', action.shown)
    case 'checkPhone':
      return checkContact(state, 'phone', action.shown)
    case 'setConsent':
      return setConsent(state, action)
    case 'skipEmail': {
      // "No email": the email goes and the wizard goes on, whatever the step's state; a phone
      // goes too unless it was confirmed with OK (the step asked before dropping it).
      const dropsPhone = hasUnconfirmedPhone(a.email, state.country)
      const skipped = setContact(state, {
        email: '',
        emailChecked: false,
        ...(dropsPhone ? { phone: '', phoneChecked: false } : {}),
      })
      const steps = wizardSteps(skipped)
      return currentStep(skipped)?.kind === 'email' && skipped.stepIndex < steps.length - 1
        ? { ...skipped, stepIndex: skipped.stepIndex + 1 }
        : skipped
    }
    case 'pickStick':
      return pickStick(state, action.color)
    case 'setMultiple': {
      const { order } = a.consumptionOrder
      const counts = action.multiple
        ? Object.fromEntries(order.map((color) => [color, a.consumptionOrder.counts[color] ?? 1]))
        : {}
      return setSticks(state, { order, multiple: action.multiple, counts })
    }
    case 'clearSticks':
      return setSticks(state, { order: [], multiple: a.consumptionOrder.multiple, counts: {} })
    case 'toggleStickImpression':
      return answer(state, {
        stickImpressions: {
          ...a.stickImpressions,
          [action.color]: toggleImpression(
            a.stickImpressions[action.color] ?? emptyStickImpression,
            action.pick,
            impressionKeys(lists.stickImpressions),
          ),
        },
      })
    case 'setStickComment':
      return answer(state, {
        stickComments: { ...a.stickComments, [action.color]: action.comment },
      })
    case 'setDevice':
      return answer(state, { device: { ...a.device, product: action.device } })
    case 'toggleDeviceImpression':
      return answer(state, {
        device: {
          ...a.device,
          impressions: toggleImpression(
            a.device.impressions,
            action.pick,
            impressionKeys(lists.deviceImpressions),
          ),
        },
      })
    case 'setShopping':
      // The other answer's step goes, and its answers with it.
      return answer(state, {
        shopping: action.shopping,
        ...(action.shopping === 'no'
          ? { shoppingSuccess: emptyAnswers.shoppingSuccess }
          : { shoppingUnsuccess: emptyAnswers.shoppingUnsuccess }),
      })
    case 'togglePurchaseReason':
      return answer(state, {
        shoppingSuccess: {
          ...a.shoppingSuccess,
          reason: toggleIn(
            a.shoppingSuccess.reason,
            action.reason,
            shownKeys(lists.purchaseReasons),
          ),
        },
      })
    case 'setPurchaseDevice':
      return answer(state, { shoppingSuccess: { ...a.shoppingSuccess, device: action.device } })
    case 'setPurchaseStick': {
      const quantity = Math.max(0, Math.min(99, Math.trunc(action.quantity) || 0))
      const others = a.shoppingSuccess.sticks.filter((stick) => stick.id !== action.stick.id)
      const sticks =
        quantity > 0
          ? [...others, { id: action.stick.id, name: action.stick.name, quantity }]
          : others
      return answer(state, { shoppingSuccess: { ...a.shoppingSuccess, sticks } })
    }
    case 'toggleNoPurchaseReason':
      return answer(state, {
        shoppingUnsuccess: {
          ...a.shoppingUnsuccess,
          reason: toggleIn(
            a.shoppingUnsuccess.reason,
            action.reason,
            shownKeys(lists.noPurchaseReasons),
          ),
        },
      })
    case 'setNoPurchaseComment':
      return answer(state, {
        shoppingUnsuccess: { ...a.shoppingUnsuccess, comment: action.comment },
      })
  }
}

/** What the screen shows: the steps, the current one, and which ways are open. */
export function wizardView(state: WizardState) {
  const steps = wizardSteps(state)
  const index = Math.min(state.stepIndex, steps.length - 1)
  const step = steps[index] ?? { kind: 'gender' as const }
  const valid = isStepValid(step, state)
  const isFirst = index === 0
  const isLast = index === steps.length - 1
  return {
    steps,
    step,
    index,
    count: steps.length,
    valid,
    isFirst,
    isLast,
    canGoBack: !isFirst,
    canGoForward: !isLast && valid,
    canFinish: isLast && valid,
  }
}

export type WizardView = ReturnType<typeof wizardView>
