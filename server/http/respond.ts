import type { Context } from 'hono'
import type { AppEnv } from '../deps.ts'
import { translate } from '../i18n.ts'

/** `{ data, message? }`, the message id translated into the request's language. */
export function envelope<E extends AppEnv, T>(c: Context<E>, data: T, messageId?: string) {
  if (messageId === undefined) return { data }
  return { data, message: translate(c.get('locale'), messageId) }
}

/** Answers 200 `{ data, message? }`. */
export function ok<E extends AppEnv, T>(c: Context<E>, data: T, messageId?: string) {
  return c.json(envelope(c, data, messageId))
}
