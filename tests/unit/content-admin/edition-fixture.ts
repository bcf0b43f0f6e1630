import type { Edition, EditionAnswer } from '../../../src/contract/content-edition.ts'

const answer = (key: string, en: string, active = true): EditionAnswer => ({
  key,
  labels: { me: `${en} (me)`, sr: `${en} (sr)`, en },
  active,
})

/** A small edition in use: a few answers per list, `other` last where the wizard has one. */
export function edition(id = 1): Edition {
  return {
    id,
    state: 'published',
    publishAt: null,
    publishedAt: '2026-01-01T00:00:00.000Z',
    publishedBy: null,
    lists: {
      genders: [answer('male', 'Male'), answer('female', 'Female'), answer('other', 'Other')],
      ageRanges: [answer('18-24', '18–24'), answer('25-34', '25–34')],
      habits: [answer('HTS', 'Heated'), answer('RMC', 'Cigarettes'), answer('MYO/RYO', 'Rolled')],
      consumptions: [answer('1-5', '1 to 5')],
      referralSources: [
        answer('friend', 'A friend'),
        answer('tv', 'Television'),
        answer('other', 'Other'),
      ],
      stickColors: [{ ...answer('gold', 'Gold'), swatch: '#c9a878' }],
      stickImpressions: {
        positive: [answer('taste', 'Taste')],
        negative: [answer('smell', 'Smell')],
        neutral: [answer('other', 'Other')],
      },
      deviceImpressions: {
        positive: [answer('design', 'Design')],
        negative: [answer('weight', 'Weight')],
        neutral: [answer('other', 'Other')],
      },
      shoppingAnswers: [answer('yes', 'Yes'), answer('no', 'No')],
      purchaseReasons: [answer('price', 'Price')],
      noPurchaseReasons: [answer('price', 'Price'), answer('other', 'Other')],
    },
    consents: {
      privacyPolicy: { me: 'Privatnost', sr: 'Privatnost', en: 'Privacy' },
      analizeData: { me: 'Analiza', sr: 'Analiza', en: 'Analysis' },
    },
    consentAutoTick: true,
  }
}
