import * as v from 'valibot'
import { openSealed, sealToServer } from './trial-seal.ts'
import type { TrialBody, TrialContact } from './trial.ts'

/** The server's public key, ready to seal to. */
export type SealingKey = { kid: string; key: CryptoKey }

/**
 * The frozen trial with its customer's contact (`comment.email`'s `email` and `phone`) replaced by
 * `sealed_contact`, sealed to `sealingKey` for `trialId` (its Idempotency-Key). A simple trial
 * (free text) has no contact fields and is returned as it is.
 */
export async function sealTrialContact(
  body: TrialBody,
  trialId: string,
  sealingKey: SealingKey,
): Promise<TrialBody> {
  if (typeof body.comment === 'string') return body
  const { email, phone, ...consents } = body.comment.email
  const contact: TrialContact = { email, phone }
  // The server reads the Idempotency-Key in lower case.
  const sealed = await sealToServer(sealingKey.key, trialId.toLowerCase(), contact)
  return {
    ...body,
    comment: { ...body.comment, email: consents },
    sealed_contact: { kid: sealingKey.kid, ...sealed },
  }
}

/** Why a sealed contact was not opened. */
export type OpenRefusal = 'unknownKey' | 'broken'

/**
 * The trial with its sealed contact opened back into `comment.email`, or why it cannot be:
 * `unknownKey` when `privateKeyOf` has no key of that id, `broken` when it was altered, sealed for
 * another trial id, sealed with no trial to hold it, or does not hold contact fields. A trial with
 * nothing sealed is returned as it is.
 */
export async function openTrialContact(
  body: TrialBody,
  trialId: string | undefined,
  privateKeyOf: (kid: string) => CryptoKey | undefined,
): Promise<{ opened: TrialBody } | { refused: OpenRefusal }> {
  const { sealed_contact: sealed, ...rest } = body
  if (sealed === undefined) return { opened: body }
  const privateKey = privateKeyOf(sealed.kid)
  if (privateKey === undefined) return { refused: 'unknownKey' }
  if (trialId === undefined || typeof rest.comment === 'string') return { refused: 'broken' }
  let value: unknown
  try {
    value = await openSealed(privateKey, trialId, sealed)
  } catch {
    return { refused: 'broken' }
  }
  if (!v.is(v.object({ email: v.optional(v.string()), phone: v.optional(v.string()) }), value)) {
    return { refused: 'broken' }
  }
  const contact = withoutAbsent(value)
  return {
    opened: { ...rest, comment: { ...rest.comment, email: { ...rest.comment.email, ...contact } } },
  }
}

function withoutAbsent(value: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}
