import * as v from 'valibot'
import type { Locale } from '#contract/locale.ts'
import { messages } from '#contract/messages.ts'
import { userFormSchema, userUpdateSchema } from '#contract/users.ts'
import { phoneSchema } from '#contract/phone.ts'
import { restrictedEmailSchema } from '#contract/validators.ts'
import type { Config } from '../../config.ts'
import type { Database } from '../../db/database.ts'
import { sqlStateOf } from '../../db/sql-state.ts'
import { HttpError } from '../../http-error.ts'
import { emailTaken, storeIsOpen, type UserValues } from './queries.ts'
import { administrationMessages } from '#contract/administration-messages.ts'

/**
 * The contract's user form, with the server's own rules on top: the restricted-email rule with the
 * configured domains, and the phone rule of the request's locale.
 */
function withServerRules(allowedEmailDomains: string[], locale: Locale) {
  return {
    email: restrictedEmailSchema(allowedEmailDomains),
    phone: phoneSchema(locale),
  }
}

export function createUserSchema(config: Pick<Config, 'allowedEmailDomains'>, locale: Locale) {
  return v.object({
    ...userFormSchema.entries,
    ...withServerRules(config.allowedEmailDomains, locale),
  })
}

export function updateUserSchema(config: Pick<Config, 'allowedEmailDomains'>, locale: Locale) {
  return v.object({
    ...userUpdateSchema.entries,
    ...withServerRules(config.allowedEmailDomains, locale),
  })
}

type Form = v.InferOutput<ReturnType<typeof createUserSchema>>

function invalidField(field: string, message: string): HttpError {
  return new HttpError(400, message, { invalidFields: [{ field, message }] })
}

/**
 * The values to store for a valid form: the email must be free (case-insensitively), and the
 * store is a manager's only and must be open. `currentStoreId` is kept for a manager whose form
 * does not say (`expertStoreId` left out).
 */
export async function userValues(
  db: Database,
  form: Form,
  { userId, currentStoreId }: { userId?: number; currentStoreId?: number | null } = {},
): Promise<UserValues> {
  if (await emailTaken(db, form.email, userId)) {
    throw invalidField('email', administrationMessages.emailInUse.id)
  }
  let expertStoreId: number | null = null
  if (form.role !== 'manager') {
    if (form.expertStoreId != null) {
      throw invalidField('expertStoreId', administrationMessages.storeForManagersOnly.id)
    }
  } else if (form.expertStoreId === undefined) {
    expertStoreId = currentStoreId ?? null
  } else if (form.expertStoreId !== null) {
    if (!(await storeIsOpen(db, form.expertStoreId))) {
      throw invalidField('expertStoreId', messages.storeNotFound.id)
    }
    expertStoreId = form.expertStoreId
  }
  return {
    role: form.role,
    fullname: form.fullname,
    email: form.email.trim(),
    phone: form.phone,
    expertStoreId,
  }
}

/** A race on the unique email index (another request took the address meanwhile). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505'
}

export function emailInUse(): HttpError {
  return invalidField('email', administrationMessages.emailInUse.id)
}
