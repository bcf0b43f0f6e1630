/**
 * A whole guided trial's answers, as the wizard sends them: shared by the API tests and the API
 * benchmark (bench/api.ts), so this module imports nothing of the test runner.
 */
import type { TrialAnswers } from '../../src/contract/trial.ts'

/** A complete wizard trial: HTS and RMC habits, two sticks, a device and a purchase. */
export function guidedAnswers(): TrialAnswers {
  const htsPack = {
    id: 1,
    type: 'HTS' as const,
    brandName: 'Aurum Gold',
    brandFamily: 'Aurum',
    image: './packs/aurum-gold.svg',
    src: '/media/packs/aurum-gold.svg',
  }
  return {
    gender: 'female',
    ageRange: '25-34',
    habits: 'RMC;HTS',
    habitsData: { HTS: htsPack, RMC: { other: 'Domaći duvan' } },
    consumption: '10-15',
    referalSource: ['friend', 'store-display'],
    email: {
      email: 'kupac@example.rs',
      phone: '+381641112233',
      privacyPolicy: true,
      analizeData: true,
    },
    consumptionOrder: ['gold', 'azure'],
    device: {
      id: 7,
      name: 'Aura One',
      positive: ['easy-to-use', 'design'],
      negative: [],
      neutral: [],
    },
    gold: { positive: ['taste-rich'], negative: ['too-hot'], neutral: [] },
    goldComment: 'Sviđa joj se ukus.',
    azure: { positive: [], negative: [], neutral: ['undecided'] },
    shopping: 'yes',
    shoppingSuccess: {
      reason: ['taste', 'expert-advice'],
      device: { id: 7, name: 'Aura One' },
      sticks: [{ id: 3, name: 'Aurum Gold', quantity: 2 }],
    },
  }
}
