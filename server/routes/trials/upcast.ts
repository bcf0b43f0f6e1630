import { messages } from '#contract/messages.ts'
import { readableTrialContractVersion, type TrialBody } from '#contract/trial.ts'
import { HttpError } from '../../http-error.ts'

/** A trial body of any version ever shipped, read as the current version. */
export type CurrentTrial = Omit<TrialBody, 'contract_version' | 'content_edition'> & {
  contract_version: typeof readableTrialContractVersion
  content_edition: number
}

/** 400 naming one field of the body. */
function refused(field: string, message: { id: string }): HttpError {
  return new HttpError(400, message.id, { invalidFields: [{ field, message: message.id }] })
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
 * - 4: names its content edition (`content_edition`, required there); before it, edition 1, and
 *   a body of an earlier version naming one is refused rather than read otherwise than it says.
 */
export function upcastTrial(body: TrialBody): CurrentTrial {
  const version = body.contract_version ?? 1
  // 1 -> 2: nothing to fill in: a trial without `finished_at` is captured when it arrives.
  // 2 -> 3: nothing either: the contact was opened before.
  // 3 -> 4: edition 1, the content every app before version 4 was built with.
  if (version < 4 && body.content_edition !== undefined) {
    throw refused('content_edition', messages.invalid)
  }
  if (version >= 4 && body.content_edition === undefined) {
    throw refused('content_edition', messages.required)
  }
  return {
    ...body,
    contract_version: readableTrialContractVersion,
    content_edition: body.content_edition ?? 1,
  }
}
