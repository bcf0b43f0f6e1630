import type { User } from '../../../src/contract/auth.ts'
import type { Pack } from '../../../src/contract/catalogue.ts'
import type { Store } from '../../../src/contract/stores.ts'
import type { Locale } from '../../../src/contract/locale.ts'
import {
  initialWizardState,
  type WizardState,
} from '../../../src/features/free-guided-trial/wizard-state.ts'
import type {
  ConsentsShown,
  WizardAction,
} from '../../../src/features/free-guided-trial/wizard-actions.ts'
import {
  wizardReducer,
  wizardView,
} from '../../../src/features/free-guided-trial/wizard-machine.ts'
import { stepKey } from '../../../src/features/free-guided-trial/wizard-steps.ts'
import { editionOneLists } from './edition-one.ts'

export const agent = { role: 'agent' as const, expertStore: null }
export const manager = {
  role: 'manager' as const,
  expertStore: { id: 42, name: 'Knez Mihailova 5', country: 'RS' as const },
}

export const store: Store = {
  id: 7,
  name: 'Ušće',
  address: 'Bulevar Mihajla Pupina 4',
  city: 'Beograd',
  country: 'RS',
  createdAt: '2026-01-05T09:00:00.000Z',
}

export function pack(overrides: Partial<Pack> = {}): Pack {
  return {
    id: 11,
    type: 'HTS',
    brandName: 'Terra Amber',
    brandFamily: 'Terra',
    image: './packs/terra-amber.svg',
    src: '/assets/packs/terra-amber.svg',
    ...overrides,
  }
}

export function start(
  user: Pick<User, 'role' | 'expertStore'> = agent,
  locale: Locale = 'sr',
): WizardState {
  return initialWizardState(user, locale, 1)
}

/** The wizard's reducer with edition 1's lists. */
export function reduce(state: WizardState, action: WizardAction): WizardState {
  return wizardReducer(state, action, editionOneLists)
}

export function run(state: WizardState, ...actions: WizardAction[]): WizardState {
  return actions.reduce(reduce, state)
}

export function keys(state: WizardState): string[] {
  return wizardView(state).steps.map(stepKey)
}

export function current(state: WizardState): string {
  return stepKey(wizardView(state).step)
}

/** Goes forward until the current step is `key` (each step must be valid to pass). */
export function goTo(state: WizardState, key: string): WizardState {
  let next = state
  for (let guard = 0; current(next) !== key; guard++) {
    const moved = reduce(next, { type: 'next' })
    if (moved === next || guard > 40)
      throw new Error(`stuck at ${current(next)} on the way to ${key}`)
    next = moved
  }
  return next
}

/** The email step as shown in Serbian, with the consents ticked at OK (the default build). */
export const shown: ConsentsShown = { locale: 'sr', autoTick: true }
