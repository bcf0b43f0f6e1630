import { trialContractVersion, type TrialBody } from '#contract/trial.ts'

/** A trial body of any version ever shipped, read as the current version. */
export type CurrentTrial = Omit<TrialBody, 'contract_version'> & {
  contract_version: typeof trialContractVersion
}

/**
 * Reads a body of any shipped version as today's (docs/api.md#trials-capture-time-versions-and-keys): a trial frozen on a
 * device is sent as it was made, never rewritten there, so the server reads every version. Each
 * step takes one version to the next.
 * - 1 (no `contract_version`): `store_id` and `comment`; its time is its arrival (no `finished_at`).
 * - 2: adds the frozen times and the consents as they were given, all optional (a guided trial
 *   with contact data and no consents has them stored as `unknown`).
 * - 3: a guided trial's `email` and `phone` come sealed in `sealed_contact`; they are opened back
 *   into `comment.email` before this (submit.ts), so a version 3 body reads as a version 2 one.
 */
export function upcastTrial(body: TrialBody): CurrentTrial {
  // 1 -> 2: nothing to fill in: a trial without `finished_at` is captured when it arrives.
  // 2 -> 3: nothing either: the contact was opened before.
  return { ...body, contract_version: trialContractVersion }
}
