/**
 * Trial bodies as the app sends them to `POST /free-guided/form`: shared by the API tests, the
 * browser suites and the benchmarks, so this module imports nothing of a test runner.
 */
import type { TrialAnswers, TrialBody } from '../../src/contract/trial.ts'
import { sealTrialContact } from '../../src/contract/trial-contact.ts'
import { importSealKey, type PublicSealKey } from '../../src/contract/trial-seal.ts'

/** A trial at `storeId`: the whole wizard's answers, or the `comment` given (answers or a text). */
export function trialBody(storeId: number): { store_id: number; comment: TrialAnswers }
export function trialBody<Comment extends TrialBody['comment']>(
  storeId: number,
  comment: Comment,
): { store_id: number; comment: Comment }
export function trialBody(storeId: number, comment: TrialBody['comment'] = guidedAnswers()) {
  return { store_id: storeId, comment } satisfies TrialBody
}

/**
 * A trial as today's app freezes it at Finish (contract version 3): `comment`'s contact sealed to
 * the server's public key `key` for `trialId`, the Idempotency-Key it is to be sent under. Bodies
 * of `trialBody` are of version 1, which the server still takes.
 */
export async function sealedTrialBody(
  storeId: number,
  trialId: string,
  key: PublicSealKey,
  comment: TrialBody['comment'] = guidedAnswers(),
): Promise<TrialBody> {
  const frozen: TrialBody = {
    ...trialBody(storeId, comment),
    finished_at: new Date().toISOString(),
    contract_version: 3,
  }
  return sealTrialContact(frozen, trialId, { kid: key.kid, key: await importSealKey(key.jwk) })
}

/** A short wizard trial (a vaper who did not buy), told apart from others by `index`. */
export function shortAnswers(index: number, note = 'trial'): TrialAnswers {
  return {
    gender: index % 2 ? 'male' : 'female',
    ageRange: '25-34',
    habits: 'Vape',
    habitsData: { HTS: null, RMC: null },
    consumption: '0-5',
    referalSource: ['other'],
    email: { privacyPolicy: false, analizeData: false },
    consumptionOrder: [],
    device: null,
    shopping: 'no',
    shoppingUnsuccess: { reason: ['needs-time'], comment: `${note} ${index}` },
  }
}

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
