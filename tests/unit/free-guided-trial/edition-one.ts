import type { EditionAnswer, EditionLists } from '../../../src/contract/content-edition.ts'
import * as options from '../../../src/contract/trial-options.ts'

/** Edition 1's lists with its keys and orders (labels are the keys): what the wizard offers. */
function list(keys: readonly string[]): EditionAnswer[] {
  return keys.map((key) => ({ key, labels: { me: key, sr: key, en: key }, active: true }))
}

export const editionOneLists: EditionLists = {
  genders: list(options.genders),
  ageRanges: list(options.ageRanges),
  habits: list(options.habits),
  consumptions: list(options.consumptions),
  referralSources: list(options.referralSources),
  stickColors: list(options.stickColors).map((answer) => ({ ...answer, swatch: '#000000' })),
  stickImpressions: {
    positive: list(options.stickImpressions.positive),
    negative: list(options.stickImpressions.negative),
    neutral: list(options.stickImpressions.neutral),
  },
  deviceImpressions: {
    positive: list(options.deviceImpressions.positive),
    negative: list(options.deviceImpressions.negative),
    neutral: list(options.deviceImpressions.neutral),
  },
  shoppingAnswers: list(options.shoppingAnswers),
  purchaseReasons: list(options.purchaseReasons),
  noPurchaseReasons: list(options.noPurchaseReasons),
}
