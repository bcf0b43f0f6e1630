/**
 * The answer keys of content edition 1 (docs/api.md#content-editions), today's keys as every trial
 * before editions stored them. Tablets show the lists of the edition they hold; these are what the
 * server and the reports know edition 1 by (its words are in `src/contract/trial-labels.ts`).
 * Orders are the order shown.
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

// A stored answer is a key of its edition's list: edition 1's above, or one a later edition added.
export type Gender = string
export type AgeRange = string
export type Habit = string
export type Consumption = string
export type StickColor = string
export type ReferralSource = string
/** Structural: the wizard's last step follows it, and editions only relabel it. */
export type ShoppingAnswer = (typeof shoppingAnswers)[number]
export type PurchaseReason = string
export type NoPurchaseReason = string
