/**
 * A quarantined body read leniently: it was refused, so nothing in it can be assumed but what is
 * checked here. Its sealed contact is opened with the server's keys, as a trial's is on arrival.
 */
import * as v from 'valibot'
import { openSealed } from '#contract/trial-seal.ts'
import { sealedContactSchema } from '#contract/trial-seal.ts'
import type { Contact } from '../../privacy/erased-contacts.ts'
import { contactKeys } from '../../privacy/erased-contacts.ts'
import type { SealKeyring } from '../trials/seal-keys.ts'

const holdsSeal = v.looseObject({ sealed_contact: v.unknown() })
const sealedTrial = v.looseObject({
  sealed_contact: sealedContactSchema,
  comment: v.looseObject({ email: v.optional(v.looseObject({})) }),
})
const contactSchema = v.object({ email: v.optional(v.string()), phone: v.optional(v.string()) })
const withContact = v.looseObject({
  comment: v.looseObject({
    email: v.looseObject({ email: v.optional(v.string()), phone: v.optional(v.string()) }),
  }),
})

/**
 * The body with its sealed contact opened into `comment.email` (as the trial would have been
 * read), the body itself when nothing is sealed, or null when the seal does not open.
 */
export async function openedBody(
  body: unknown,
  key: string,
  keyring: SealKeyring,
): Promise<unknown> {
  if (!v.is(holdsSeal, body)) return body
  if (!v.is(sealedTrial, body)) return null
  await keyring.ready()
  const { sealed_contact: sealed, ...rest } = body
  const privateKey = keyring.privateKeyOf(sealed.kid)
  if (privateKey === undefined) return null
  let value: unknown
  try {
    // Sealed for the trial's key, which the server reads in lower case.
    value = await openSealed(privateKey, key.toLowerCase(), sealed)
  } catch {
    return null
  }
  if (!v.is(contactSchema, value)) return null
  return { ...rest, comment: { ...rest.comment, email: { ...rest.comment.email, ...value } } }
}

/** The contact an opened body holds, in the forms trials are matched by (none: both null). */
export function contactOf(opened: unknown): Contact {
  const parsed = v.safeParse(withContact, opened)
  if (!parsed.success) return { email: null, phone: null }
  const { email = null, phone = null } = parsed.output.comment.email
  return contactKeys({ email: email || null, phone: phone || null })
}
