/**
 * The answer keys of the free guided trial (docs/behaviour.md#the-guided-trial,
 * docs/behaviour.md#records and docs/behaviour.md#constants-and-limits). Keys are stored; labels
 * are translated in `src/contract/trial-labels.ts` (PWA and reports). Orders are the order shown.
 */
export const genders = ['male', 'female'] as const
export const ageRanges = ['18-24', '25-34', '35-44', '45-55', '56+'] as const
export const habits = ['RMC', 'HTS', 'MYO/RYO', 'Vape', 'SNUS/NIKOTINSKE VREĆICE'] as const
export const consumptions = ['0-5', '5-10', '10-15', '15-20', '20-30', '30-40', '40+'] as const
export const stickColors = [
  'tan',
  'gold',
  'silver',
  'azure',
  'purple',
  'baize',
  'burgundy',
  'magenta',
] as const
export const shoppingAnswers = ['yes', 'no'] as const

/** 11 sources, the last "other". */
export const referralSources = [
  'friend',
  'family',
  'social-media',
  'store-display',
  'brand-expert',
  'website',
  'newsletter',
  'outdoor-ad',
  'event',
  'press',
  'other',
] as const

/** A stick's impressions: 9 positive, 12 negative, 2 neutral. */
export const stickImpressions = {
  positive: [
    'taste-rich',
    'taste-smooth',
    'aroma-pleasant',
    'no-ash',
    'less-smell',
    'satisfying',
    'draw-easy',
    'flavour-lasting',
    'like-cigarette',
  ],
  negative: [
    'taste-weak',
    'taste-strong',
    'taste-unpleasant',
    'aftertaste',
    'smell',
    'draw-hard',
    'too-hot',
    'not-satisfying',
    'dry-throat',
    'too-short',
    'too-expensive',
    'not-like-cigarette',
  ],
  neutral: ['no-difference', 'undecided'],
} as const

/** A device's impressions: 9 positive, 8 negative, 2 neutral. */
export const deviceImpressions = {
  positive: [
    'easy-to-use',
    'design',
    'battery',
    'quick-heat',
    'easy-clean',
    'compact',
    'colours',
    'quiet',
    'consistent',
  ],
  negative: [
    'hard-to-use',
    'heavy',
    'battery-short',
    'slow-heat',
    'cleaning',
    'price',
    'breaks-easily',
    'charging',
  ],
  neutral: ['no-difference', 'undecided'],
} as const

/** 11 reasons a customer bought. */
export const purchaseReasons = [
  'taste',
  'less-smell',
  'no-ash',
  'price-offer',
  'curiosity',
  'recommendation',
  'expert-advice',
  'device-design',
  'switching',
  'gift',
  'loyalty-points',
] as const

/** 15 reasons a customer did not buy. */
export const noPurchaseReasons = [
  'price-device',
  'price-sticks',
  'taste',
  'not-satisfying',
  'happy-with-current',
  'needs-time',
  'no-money-now',
  'will-buy-online',
  'health-concerns',
  'device-complicated',
  'charging',
  'cleaning',
  'out-of-stock',
  'partner-disapproves',
  'other',
] as const

export type Gender = (typeof genders)[number]
export type AgeRange = (typeof ageRanges)[number]
export type Habit = (typeof habits)[number]
export type Consumption = (typeof consumptions)[number]
export type StickColor = (typeof stickColors)[number]
export type ReferralSource = (typeof referralSources)[number]
export type ShoppingAnswer = (typeof shoppingAnswers)[number]
export type PurchaseReason = (typeof purchaseReasons)[number]
export type NoPurchaseReason = (typeof noPurchaseReasons)[number]
