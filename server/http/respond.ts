import type { Context } from 'hono'
import type { AppEnv } from '../deps.ts'
import { translate } from '../i18n.ts'

/** `{ data, message? }`, the message id translated into the request's language. */
export function ok<E extends AppEnv, T>(c: Context<E>, data: T, messageId?: string) {
  if (messageId === undefined) return c.json({ data })
  return c.json({ data, message: translate(c.get('locale'), messageId) })
}
