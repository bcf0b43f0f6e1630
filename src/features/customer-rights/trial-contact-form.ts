import * as v from 'valibot'
import { trialContactQuerySchema, type TrialContactExport } from '../../contract/customer-rights.ts'
import { normalizePhone } from '../../contract/phone.ts'
import type { ErasureTarget } from './rights-api.ts'

/** The fields as typed: the phone loses its spaces and dashes before the contract reads it. */
export const trialContactFormSchema = v.pipe(
  v.object({ email: v.string(), phone: v.string() }),
  v.transform(({ email, phone }): v.InferInput<typeof trialContactQuerySchema> => ({
    email,
    phone: normalizePhone(phone),
  })),
  trialContactQuerySchema,
)

/** The contact a search found, as the erasure names it: what the server read, empty left out. */
export function erasureTargetOf(found: Pick<TrialContactExport, 'email' | 'phone'>): ErasureTarget {
  return {
    ...(found.email ? { email: found.email } : {}),
    ...(found.phone ? { phone: found.phone } : {}),
  }
}
