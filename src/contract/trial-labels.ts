import type { MessageDescriptor } from '@lingui/core'
import type {
  deviceImpressions,
  genders,
  habits,
  noPurchaseReasons,
  purchaseReasons,
  referralSources,
  shoppingAnswers,
  stickColors,
  stickImpressions,
} from './trial-options.ts'

/** A word for each of edition 1's keys of a list. */
type Words<L extends readonly string[]> = Record<L[number], MessageDescriptor>

/**
 * Edition 1's words for its answer keys (`src/contract/trial-options.ts`): the administration and
 * the reports read trials of edition 1 with them; tablets show the words of the edition they hold.
 * Age and consumption ranges are numbers and show as they are (with an en dash).
 */
export const genderLabels: Words<typeof genders> = {
  male: /*i18n*/ { id: 'trial.gender.male', message: 'Male' },
  female: /*i18n*/ { id: 'trial.gender.female', message: 'Female' },
}

export const habitLabels: Words<typeof habits> = {
  RMC: /*i18n*/ { id: 'trial.habit.RMC', message: 'Cigarettes (RMC)' },
  HTS: /*i18n*/ { id: 'trial.habit.HTS', message: 'Heated tobacco (HTS)' },
  'MYO/RYO': /*i18n*/ { id: 'trial.habit.MYO-RYO', message: 'Rolling tobacco (MYO/RYO)' },
  Vape: /*i18n*/ { id: 'trial.habit.Vape', message: 'E-cigarettes (vape)' },
  'SNUS/NIKOTINSKE VREĆICE': /*i18n*/ {
    id: 'trial.habit.SNUS',
    message: 'Snus / nicotine pouches',
  },
}

export const referralSourceLabels: Words<typeof referralSources> = {
  friend: /*i18n*/ { id: 'trial.referralSource.friend', message: 'A friend' },
  family: /*i18n*/ { id: 'trial.referralSource.family', message: 'Family' },
  'social-media': /*i18n*/ { id: 'trial.referralSource.social-media', message: 'Social media' },
  'store-display': /*i18n*/ {
    id: 'trial.referralSource.store-display',
    message: 'In-store display',
  },
  'brand-expert': /*i18n*/ { id: 'trial.referralSource.brand-expert', message: 'A brand expert' },
  website: /*i18n*/ { id: 'trial.referralSource.website', message: 'Website' },
  newsletter: /*i18n*/ { id: 'trial.referralSource.newsletter', message: 'Newsletter' },
  'outdoor-ad': /*i18n*/ {
    id: 'trial.referralSource.outdoor-ad',
    message: 'Billboard or outdoor ad',
  },
  event: /*i18n*/ { id: 'trial.referralSource.event', message: 'An event' },
  press: /*i18n*/ { id: 'trial.referralSource.press', message: 'Press or magazine' },
  other: /*i18n*/ { id: 'trial.referralSource.other', message: 'Other' },
}

export const stickColorLabels: Words<typeof stickColors> = {
  tan: /*i18n*/ { id: 'trial.stickColor.tan', message: 'Tan' },
  gold: /*i18n*/ { id: 'trial.stickColor.gold', message: 'Gold' },
  silver: /*i18n*/ { id: 'trial.stickColor.silver', message: 'Silver' },
  azure: /*i18n*/ { id: 'trial.stickColor.azure', message: 'Azure' },
  purple: /*i18n*/ { id: 'trial.stickColor.purple', message: 'Purple' },
  baize: /*i18n*/ { id: 'trial.stickColor.baize', message: 'Baize green' },
  burgundy: /*i18n*/ { id: 'trial.stickColor.burgundy', message: 'Burgundy' },
  magenta: /*i18n*/ { id: 'trial.stickColor.magenta', message: 'Magenta' },
}

export const shoppingLabels: Words<typeof shoppingAnswers> = {
  yes: /*i18n*/ { id: 'trial.shopping.yes', message: 'Yes, bought' },
  no: /*i18n*/ { id: 'trial.shopping.no', message: 'No, did not buy' },
}

type Labels<O extends Record<'positive' | 'negative' | 'neutral', readonly string[]>> = {
  [G in keyof O & ('positive' | 'negative' | 'neutral')]: Record<O[G][number], MessageDescriptor>
}

export const stickImpressionLabels: Labels<typeof stickImpressions> = {
  positive: {
    'taste-rich': /*i18n*/ {
      id: 'trial.stickImpression.positive.taste-rich',
      message: 'Rich taste',
    },
    'taste-smooth': /*i18n*/ {
      id: 'trial.stickImpression.positive.taste-smooth',
      message: 'Smooth taste',
    },
    'aroma-pleasant': /*i18n*/ {
      id: 'trial.stickImpression.positive.aroma-pleasant',
      message: 'Pleasant aroma',
    },
    'no-ash': /*i18n*/ { id: 'trial.stickImpression.positive.no-ash', message: 'No ash' },
    'less-smell': /*i18n*/ {
      id: 'trial.stickImpression.positive.less-smell',
      message: 'Less smell',
    },
    satisfying: /*i18n*/ { id: 'trial.stickImpression.positive.satisfying', message: 'Satisfying' },
    'draw-easy': /*i18n*/ { id: 'trial.stickImpression.positive.draw-easy', message: 'Easy draw' },
    'flavour-lasting': /*i18n*/ {
      id: 'trial.stickImpression.positive.flavour-lasting',
      message: 'Long-lasting flavour',
    },
    'like-cigarette': /*i18n*/ {
      id: 'trial.stickImpression.positive.like-cigarette',
      message: 'Close to a cigarette',
    },
  },
  negative: {
    'taste-weak': /*i18n*/ {
      id: 'trial.stickImpression.negative.taste-weak',
      message: 'Weak taste',
    },
    'taste-strong': /*i18n*/ {
      id: 'trial.stickImpression.negative.taste-strong',
      message: 'Too strong',
    },
    'taste-unpleasant': /*i18n*/ {
      id: 'trial.stickImpression.negative.taste-unpleasant',
      message: 'Unpleasant taste',
    },
    aftertaste: /*i18n*/ { id: 'trial.stickImpression.negative.aftertaste', message: 'Aftertaste' },
    smell: /*i18n*/ { id: 'trial.stickImpression.negative.smell', message: 'Smell' },
    'draw-hard': /*i18n*/ { id: 'trial.stickImpression.negative.draw-hard', message: 'Hard draw' },
    'too-hot': /*i18n*/ { id: 'trial.stickImpression.negative.too-hot', message: 'Too hot' },
    'not-satisfying': /*i18n*/ {
      id: 'trial.stickImpression.negative.not-satisfying',
      message: 'Not satisfying',
    },
    'dry-throat': /*i18n*/ {
      id: 'trial.stickImpression.negative.dry-throat',
      message: 'Dry throat',
    },
    'too-short': /*i18n*/ {
      id: 'trial.stickImpression.negative.too-short',
      message: 'Does not last long',
    },
    'too-expensive': /*i18n*/ {
      id: 'trial.stickImpression.negative.too-expensive',
      message: 'Too expensive',
    },
    'not-like-cigarette': /*i18n*/ {
      id: 'trial.stickImpression.negative.not-like-cigarette',
      message: 'Not like a cigarette',
    },
  },
  neutral: {
    'no-difference': /*i18n*/ {
      id: 'trial.stickImpression.neutral.no-difference',
      message: 'No difference',
    },
    undecided: /*i18n*/ { id: 'trial.stickImpression.neutral.undecided', message: 'Undecided' },
  },
}

export const deviceImpressionLabels: Labels<typeof deviceImpressions> = {
  positive: {
    'easy-to-use': /*i18n*/ {
      id: 'trial.deviceImpression.positive.easy-to-use',
      message: 'Easy to use',
    },
    design: /*i18n*/ { id: 'trial.deviceImpression.positive.design', message: 'Design' },
    battery: /*i18n*/ { id: 'trial.deviceImpression.positive.battery', message: 'Battery life' },
    'quick-heat': /*i18n*/ {
      id: 'trial.deviceImpression.positive.quick-heat',
      message: 'Heats up quickly',
    },
    'easy-clean': /*i18n*/ {
      id: 'trial.deviceImpression.positive.easy-clean',
      message: 'Easy to clean',
    },
    compact: /*i18n*/ { id: 'trial.deviceImpression.positive.compact', message: 'Compact' },
    colours: /*i18n*/ {
      id: 'trial.deviceImpression.positive.colours',
      message: 'Choice of colours',
    },
    quiet: /*i18n*/ { id: 'trial.deviceImpression.positive.quiet', message: 'Quiet' },
    consistent: /*i18n*/ {
      id: 'trial.deviceImpression.positive.consistent',
      message: 'Consistent experience',
    },
  },
  negative: {
    'hard-to-use': /*i18n*/ {
      id: 'trial.deviceImpression.negative.hard-to-use',
      message: 'Hard to use',
    },
    heavy: /*i18n*/ { id: 'trial.deviceImpression.negative.heavy', message: 'Heavy' },
    'battery-short': /*i18n*/ {
      id: 'trial.deviceImpression.negative.battery-short',
      message: 'Battery runs out quickly',
    },
    'slow-heat': /*i18n*/ {
      id: 'trial.deviceImpression.negative.slow-heat',
      message: 'Heats up slowly',
    },
    cleaning: /*i18n*/ { id: 'trial.deviceImpression.negative.cleaning', message: 'Hard to clean' },
    price: /*i18n*/ { id: 'trial.deviceImpression.negative.price', message: 'Price' },
    'breaks-easily': /*i18n*/ {
      id: 'trial.deviceImpression.negative.breaks-easily',
      message: 'Breaks easily',
    },
    charging: /*i18n*/ { id: 'trial.deviceImpression.negative.charging', message: 'Charging' },
  },
  neutral: {
    'no-difference': /*i18n*/ {
      id: 'trial.deviceImpression.neutral.no-difference',
      message: 'No difference',
    },
    undecided: /*i18n*/ { id: 'trial.deviceImpression.neutral.undecided', message: 'Undecided' },
  },
}

export const purchaseReasonLabels: Words<typeof purchaseReasons> = {
  taste: /*i18n*/ { id: 'trial.purchaseReason.taste', message: 'Liked the taste' },
  'less-smell': /*i18n*/ { id: 'trial.purchaseReason.less-smell', message: 'Less smell' },
  'no-ash': /*i18n*/ { id: 'trial.purchaseReason.no-ash', message: 'No ash' },
  'price-offer': /*i18n*/ { id: 'trial.purchaseReason.price-offer', message: 'Price or promotion' },
  curiosity: /*i18n*/ { id: 'trial.purchaseReason.curiosity', message: 'Curiosity' },
  recommendation: /*i18n*/ { id: 'trial.purchaseReason.recommendation', message: 'Recommendation' },
  'expert-advice': /*i18n*/ {
    id: 'trial.purchaseReason.expert-advice',
    message: "The brand expert's advice",
  },
  'device-design': /*i18n*/ { id: 'trial.purchaseReason.device-design', message: 'Device design' },
  switching: /*i18n*/ {
    id: 'trial.purchaseReason.switching',
    message: 'Switching from cigarettes',
  },
  gift: /*i18n*/ { id: 'trial.purchaseReason.gift', message: 'A gift' },
  'loyalty-points': /*i18n*/ {
    id: 'trial.purchaseReason.loyalty-points',
    message: 'Loyalty points',
  },
}

export const noPurchaseReasonLabels: Words<typeof noPurchaseReasons> = {
  'price-device': /*i18n*/ { id: 'trial.noPurchaseReason.price-device', message: 'Device price' },
  'price-sticks': /*i18n*/ { id: 'trial.noPurchaseReason.price-sticks', message: 'Stick price' },
  taste: /*i18n*/ { id: 'trial.noPurchaseReason.taste', message: 'Did not like the taste' },
  'not-satisfying': /*i18n*/ {
    id: 'trial.noPurchaseReason.not-satisfying',
    message: 'Not satisfying',
  },
  'happy-with-current': /*i18n*/ {
    id: 'trial.noPurchaseReason.happy-with-current',
    message: 'Happy with what they use now',
  },
  'needs-time': /*i18n*/ {
    id: 'trial.noPurchaseReason.needs-time',
    message: 'Needs time to think',
  },
  'no-money-now': /*i18n*/ {
    id: 'trial.noPurchaseReason.no-money-now',
    message: 'No money on them',
  },
  'will-buy-online': /*i18n*/ {
    id: 'trial.noPurchaseReason.will-buy-online',
    message: 'Will buy online',
  },
  'health-concerns': /*i18n*/ {
    id: 'trial.noPurchaseReason.health-concerns',
    message: 'Health concerns',
  },
  'device-complicated': /*i18n*/ {
    id: 'trial.noPurchaseReason.device-complicated',
    message: 'Device too complicated',
  },
  charging: /*i18n*/ { id: 'trial.noPurchaseReason.charging', message: 'Charging' },
  cleaning: /*i18n*/ { id: 'trial.noPurchaseReason.cleaning', message: 'Cleaning' },
  'out-of-stock': /*i18n*/ { id: 'trial.noPurchaseReason.out-of-stock', message: 'Out of stock' },
  'partner-disapproves': /*i18n*/ {
    id: 'trial.noPurchaseReason.partner-disapproves',
    message: 'Partner disapproves',
  },
  other: /*i18n*/ { id: 'trial.noPurchaseReason.other', message: 'Other' },
}

/** `18-24` shows as `18–24`. */
export function rangeLabel(range: string): string {
  return range.replace('-', '–')
}
