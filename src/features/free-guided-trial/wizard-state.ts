import type * as v from 'valibot'
import type { ConsentName, ConsentSetter } from '../../contract/consents.ts'
import type { Locale } from '../../contract/locale.ts'
import type { Pack } from '../../contract/catalogue.ts'
import type { User } from '../../contract/auth.ts'
import { countryOfLocale } from '../../contract/countries.ts'
import type { Country, Store } from '../../contract/stores.ts'
import type { deviceImpressionSchema, StickImpression } from '../../contract/trial.ts'
import type {
  AgeRange,
  Consumption,
  Gender,
  Habit,
  NoPurchaseReason,
  PurchaseReason,
  ReferralSource,
  ShoppingAnswer,
  StickColor,
} from '../../contract/trial-options.ts'

export type { StickImpression }
export type DeviceImpression = v.InferOutput<typeof deviceImpressionSchema>

/** A product as a trial keeps it: its id and its name at the time. */
export interface ChosenProduct {
  id: number
  name: string
}

export interface StickPurchase extends ChosenProduct {
  quantity: number
}

/** Who set a consent's box, and the locale its text was shown in then. */
export interface ConsentSet {
  by: ConsentSetter
  locale: Locale
}

/** The email step's fields: what was typed, whether OK was pressed on it, and the consents. */
export interface ContactAnswer {
  email: string
  /** As typed, without the country prefix (it is added when the trial is built). */
  phone: string
  emailChecked: boolean
  phoneChecked: boolean
  privacyPolicy: boolean
  analizeData: boolean
  /**
   * How each box came to be as it is: ticked by the app at OK, or set by the person; absent for a
   * box nobody set (or from a draft of a build that did not record it).
   */
  consentsSet: Partial<Record<ConsentName, ConsentSet>>
}

/**
 * Every answer of the wizard, named as the steps are. Plain JSON (no classes, no functions, no
 * `undefined` that matters) so that a draft can be written to storage and read back as it was.
 */
export interface WizardAnswers {
  store: Store | null
  gender: Gender | null
  ageRange: AgeRange | null
  /** In the order of the options, whatever the order of the clicks. */
  habits: Habit[]
  habitsHTS: { brandFamily: string | null; pack: Pack | null }
  habitsRMC: { brandFamily: string | null; pack: Pack | null; other: string }
  consumption: Consumption | null
  referalSource: ReferralSource[]
  email: ContactAnswer
  consumptionOrder: {
    /** The colours in the order the customer tried them. */
    order: StickColor[]
    /** Multiple mode: each click on a colour counts one more stick of it. */
    multiple: boolean
    counts: Partial<Record<StickColor, number>>
  }
  stickImpressions: Partial<Record<StickColor, StickImpression>>
  stickComments: Partial<Record<StickColor, string>>
  device: { product: ChosenProduct | null; impressions: DeviceImpression }
  shopping: ShoppingAnswer | null
  shoppingSuccess: {
    reason: PurchaseReason[]
    device: ChosenProduct | null
    sticks: StickPurchase[]
  }
  shoppingUnsuccess: { reason: NoPurchaseReason[]; comment: string }
}

export interface WizardState {
  /**
   * The trial's id, made when the wizard starts: the `Idempotency-Key` its outbox item is sent
   * with, so that however often this wizard is finished, one trial is stored.
   */
  trialId: string
  /** The country of the trial's store: the phone field's calling code and rule come from it. */
  country: Country
  /** Everyone but a manager (who works for their own store) chooses a store first. */
  choosesStore: boolean
  /** The index of the current step in `wizardSteps(state)`. */
  stepIndex: number
  /**
   * The content edition whose answers it offers, fixed when it starts (docs/api.md#content-editions);
   * null in a draft of a build before editions, which is sent as edition 1's.
   */
  contentEdition: number | null
  answers: WizardAnswers
}

export const emptyStickImpression: StickImpression = { positive: [], negative: [], neutral: [] }
export const emptyDeviceImpression: DeviceImpression = { positive: [], negative: [], neutral: [] }

export const emptyAnswers: WizardAnswers = {
  store: null,
  gender: null,
  ageRange: null,
  habits: [],
  habitsHTS: { brandFamily: null, pack: null },
  habitsRMC: { brandFamily: null, pack: null, other: '' },
  consumption: null,
  referalSource: [],
  email: {
    email: '',
    phone: '',
    emailChecked: false,
    phoneChecked: false,
    privacyPolicy: false,
    analizeData: false,
    consentsSet: {},
  },
  consumptionOrder: { order: [], multiple: false, counts: {} },
  stickImpressions: {},
  stickComments: {},
  device: { product: null, impressions: emptyDeviceImpression },
  shopping: null,
  shoppingSuccess: { reason: [], device: null, sticks: [] },
  shoppingUnsuccess: { reason: [], comment: '' },
}

/**
 * A new trial for this user, with the content edition it offers: a manager starts at gender, in
 * their store's country; anyone else at the store, whose country is set when it is chosen.
 */
export function initialWizardState(
  user: Pick<User, 'role' | 'expertStore'>,
  locale: Locale,
  contentEdition: number,
): WizardState {
  return {
    trialId: crypto.randomUUID(),
    country: user.expertStore?.country ?? countryOfLocale[locale],
    choosesStore: user.role !== 'manager',
    stepIndex: 0,
    contentEdition,
    answers: emptyAnswers,
  }
}
