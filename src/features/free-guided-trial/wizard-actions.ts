import type { Pack } from '../../contract/catalogue.ts'
import type { ConsentName } from '../../contract/consents.ts'
import type { Locale } from '../../contract/locale.ts'
import type { Store } from '../../contract/stores.ts'
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
import type { ChosenProduct } from './wizard-state.ts'

/** The consents as the email step shows them: in which locale, and whether OK ticks them. */
export type ConsentsShown = { locale: Locale; autoTick: boolean }

export type ImpressionGroupName = 'positive' | 'negative' | 'neutral'
export type ImpressionLists = Record<ImpressionGroupName, readonly string[]>
/** One option of one of the three impression lists (positive, negative, neutral). */
export type ImpressionPick = { group: ImpressionGroupName; option: string }

/**
 * `advance: false` answers without going on: a radio group reached with the arrow keys selects
 * as the focus moves, and must not leave the step before the user confirms.
 */
export type WizardAction =
  | { type: 'next' }
  | { type: 'back' }
  /** To a step by its place (from the browser's Back or Forward): back freely, forward only as Next would. */
  | { type: 'goTo'; stepIndex: number }
  | { type: 'setStore'; store: Store | null }
  | { type: 'setGender'; gender: Gender; advance?: boolean }
  | { type: 'setAgeRange'; ageRange: AgeRange; advance?: boolean }
  | { type: 'toggleHabit'; habit: Habit }
  | { type: 'setHtsFamily'; brandFamily: string | null }
  | { type: 'setHtsPack'; pack: Pack | null }
  | { type: 'setRmcFamily'; brandFamily: string | null }
  | { type: 'setRmcPack'; pack: Pack | null }
  | { type: 'setRmcOther'; other: string }
  | { type: 'setConsumption'; consumption: Consumption; advance?: boolean }
  | { type: 'toggleReferralSource'; source: ReferralSource }
  | { type: 'setEmail'; email: string }
  | { type: 'setPhone'; phone: string }
  | { type: 'checkEmail'; shown: ConsentsShown }
  | { type: 'checkPhone'; shown: ConsentsShown }
  | { type: 'setConsent'; consent: ConsentName; checked: boolean; locale: Locale }
  | { type: 'skipEmail' }
  | { type: 'pickStick'; color: StickColor }
  | { type: 'setMultiple'; multiple: boolean }
  | { type: 'clearSticks' }
  | { type: 'toggleStickImpression'; color: StickColor; pick: ImpressionPick }
  | { type: 'setStickComment'; color: StickColor; comment: string }
  | { type: 'setDevice'; device: ChosenProduct | null }
  | { type: 'toggleDeviceImpression'; pick: ImpressionPick }
  | { type: 'setShopping'; shopping: ShoppingAnswer }
  | { type: 'togglePurchaseReason'; reason: PurchaseReason }
  | { type: 'setPurchaseDevice'; device: ChosenProduct | null }
  | { type: 'setPurchaseStick'; stick: ChosenProduct; quantity: number }
  | { type: 'toggleNoPurchaseReason'; reason: NoPurchaseReason }
  | { type: 'setNoPurchaseComment'; comment: string }
