import type { Pack } from '../../contract/catalogue.ts'
import type { Store } from '../../contract/stores.ts'
import type {
  AgeRange,
  Consumption,
  deviceImpressions,
  Gender,
  Habit,
  NoPurchaseReason,
  PurchaseReason,
  ReferralSource,
  ShoppingAnswer,
  StickColor,
  stickImpressions,
} from '../../contract/trial-options.ts'
import type { ChosenProduct } from './wizard-state.ts'

export type ImpressionLists = Record<'positive' | 'negative' | 'neutral', readonly string[]>
/** One option of one of the three impression lists (positive, negative, neutral). */
type PickOf<O extends ImpressionLists> = {
  [G in keyof ImpressionLists]: { group: G; option: O[G][number] }
}[keyof ImpressionLists]
export type StickImpressionPick = PickOf<typeof stickImpressions>
export type DeviceImpressionPick = PickOf<typeof deviceImpressions>

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
  | { type: 'checkEmail' }
  | { type: 'checkPhone' }
  | { type: 'setConsent'; consent: 'privacyPolicy' | 'analizeData'; checked: boolean }
  | { type: 'skipEmail' }
  | { type: 'pickStick'; color: StickColor }
  | { type: 'setMultiple'; multiple: boolean }
  | { type: 'clearSticks' }
  | { type: 'toggleStickImpression'; color: StickColor; pick: StickImpressionPick }
  | { type: 'setStickComment'; color: StickColor; comment: string }
  | { type: 'setDevice'; device: ChosenProduct | null }
  | { type: 'toggleDeviceImpression'; pick: DeviceImpressionPick }
  | { type: 'setShopping'; shopping: ShoppingAnswer }
  | { type: 'togglePurchaseReason'; reason: PurchaseReason }
  | { type: 'setPurchaseDevice'; device: ChosenProduct | null }
  | { type: 'setPurchaseStick'; stick: ChosenProduct; quantity: number }
  | { type: 'toggleNoPurchaseReason'; reason: NoPurchaseReason }
  | { type: 'setNoPurchaseComment'; comment: string }
