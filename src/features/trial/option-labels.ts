import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type {
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

/**
 * The words shown for the answer keys of `src/contract/trial-options.ts`. Age and consumption
 * ranges are numbers and show as they are (with an en dash).
 */
export const genderLabels: Record<Gender, MessageDescriptor> = {
  male: msg`Male`,
  female: msg`Female`,
}

export const habitLabels: Record<Habit, MessageDescriptor> = {
  RMC: msg`Cigarettes (RMC)`,
  HTS: msg`Heated tobacco (HTS)`,
  'MYO/RYO': msg`Rolling tobacco (MYO/RYO)`,
  Vape: msg`E-cigarettes (vape)`,
  'SNUS/NIKOTINSKE VREĆICE': msg`Snus / nicotine pouches`,
}

export const referralSourceLabels: Record<ReferralSource, MessageDescriptor> = {
  friend: msg`A friend`,
  family: msg`Family`,
  'social-media': msg`Social media`,
  'store-display': msg`In-store display`,
  'brand-expert': msg`A brand expert`,
  website: msg`Website`,
  newsletter: msg`Newsletter`,
  'outdoor-ad': msg`Billboard or outdoor ad`,
  event: msg`An event`,
  press: msg`Press or magazine`,
  other: msg`Other`,
}

export const stickColorLabels: Record<StickColor, MessageDescriptor> = {
  tan: msg`Tan`,
  gold: msg`Gold`,
  silver: msg`Silver`,
  azure: msg`Azure`,
  purple: msg`Purple`,
  baize: msg`Baize green`,
  burgundy: msg`Burgundy`,
  magenta: msg`Magenta`,
}

export const shoppingLabels: Record<ShoppingAnswer, MessageDescriptor> = {
  yes: msg`Yes, bought`,
  no: msg`No, did not buy`,
}

type Labels<O extends Record<'positive' | 'negative' | 'neutral', readonly string[]>> = {
  [G in keyof O & ('positive' | 'negative' | 'neutral')]: Record<O[G][number], MessageDescriptor>
}

export const stickImpressionLabels: Labels<typeof stickImpressions> = {
  positive: {
    'taste-rich': msg`Rich taste`,
    'taste-smooth': msg`Smooth taste`,
    'aroma-pleasant': msg`Pleasant aroma`,
    'no-ash': msg`No ash`,
    'less-smell': msg`Less smell`,
    satisfying: msg`Satisfying`,
    'draw-easy': msg`Easy draw`,
    'flavour-lasting': msg`Long-lasting flavour`,
    'like-cigarette': msg`Close to a cigarette`,
  },
  negative: {
    'taste-weak': msg`Weak taste`,
    'taste-strong': msg`Too strong`,
    'taste-unpleasant': msg`Unpleasant taste`,
    aftertaste: msg`Aftertaste`,
    smell: msg`Smell`,
    'draw-hard': msg`Hard draw`,
    'too-hot': msg`Too hot`,
    'not-satisfying': msg`Not satisfying`,
    'dry-throat': msg`Dry throat`,
    'too-short': msg`Does not last long`,
    'too-expensive': msg`Too expensive`,
    'not-like-cigarette': msg`Not like a cigarette`,
  },
  neutral: {
    'no-difference': msg`No difference`,
    undecided: msg`Undecided`,
  },
}

export const deviceImpressionLabels: Labels<typeof deviceImpressions> = {
  positive: {
    'easy-to-use': msg`Easy to use`,
    design: msg`Design`,
    battery: msg`Battery life`,
    'quick-heat': msg`Heats up quickly`,
    'easy-clean': msg`Easy to clean`,
    compact: msg`Compact`,
    colours: msg`Choice of colours`,
    quiet: msg`Quiet`,
    consistent: msg`Consistent experience`,
  },
  negative: {
    'hard-to-use': msg`Hard to use`,
    heavy: msg`Heavy`,
    'battery-short': msg`Battery runs out quickly`,
    'slow-heat': msg`Heats up slowly`,
    cleaning: msg`Hard to clean`,
    price: msg`Price`,
    'breaks-easily': msg`Breaks easily`,
    charging: msg`Charging`,
  },
  neutral: {
    'no-difference': msg`No difference`,
    undecided: msg`Undecided`,
  },
}

export const purchaseReasonLabels: Record<PurchaseReason, MessageDescriptor> = {
  taste: msg`Liked the taste`,
  'less-smell': msg`Less smell`,
  'no-ash': msg`No ash`,
  'price-offer': msg`Price or promotion`,
  curiosity: msg`Curiosity`,
  recommendation: msg`Recommendation`,
  'expert-advice': msg`The brand expert's advice`,
  'device-design': msg`Device design`,
  switching: msg`Switching from cigarettes`,
  gift: msg`A gift`,
  'loyalty-points': msg`Loyalty points`,
}

export const noPurchaseReasonLabels: Record<NoPurchaseReason, MessageDescriptor> = {
  'price-device': msg`Device price`,
  'price-sticks': msg`Stick price`,
  taste: msg`Did not like the taste`,
  'not-satisfying': msg`Not satisfying`,
  'happy-with-current': msg`Happy with what they use now`,
  'needs-time': msg`Needs time to think`,
  'no-money-now': msg`No money on them`,
  'will-buy-online': msg`Will buy online`,
  'health-concerns': msg`Health concerns`,
  'device-complicated': msg`Device too complicated`,
  charging: msg`Charging`,
  cleaning: msg`Cleaning`,
  'out-of-stock': msg`Out of stock`,
  'partner-disapproves': msg`Partner disapproves`,
  other: msg`Other`,
}

/** `18-24` shows as `18–24`. */
export function rangeLabel(range: string): string {
  return range.replace('-', '–')
}
