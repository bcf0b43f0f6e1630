import type { Context } from 'hono'
import { and, eq } from 'drizzle-orm'
import { appVersionHeader } from '#contract/http.ts'
import { messages } from '#contract/messages.ts'
import type { QuarantineBody, QuarantineOutcome } from '#contract/quarantine.ts'
import { quarantinedTrials } from '../../db/schema/quarantine.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { HttpError } from '../../http-error.ts'
import { anonymiseQuarantined } from '../../privacy/erase.ts'
import { anyErased, contactHashes } from '../../privacy/erased-contacts.ts'
import type { SealKeyring } from '../trials/seal-keys.ts'
import { contactOf, openedBody } from './opened.ts'
import { outcomeOf } from './queries.ts'

/**
 * `POST /device/quarantine`: keeps a finally refused trial as the tablet held it, under the
 * credential's user, once per key: the same key again answers the item already kept. Its contact
 * (its seal opened) is kept beside it for an erasure to find; a contact erased before it arrived
 * is removed at once, as from a trial arriving then.
 */
export async function handOver(
  c: Context<UserEnv>,
  deps: AppDeps,
  keyring: SealKeyring,
  body: QuarantineBody,
): Promise<QuarantineOutcome> {
  const deviceId = c.var.device
  // The policy lets only device credentials through: a signed-in user's token has no device.
  if (deviceId === null) throw new HttpError(403, messages.forbidden.id)
  const { db, clock, config } = deps
  const userId = c.var.user.id
  const key = body.key.toLowerCase()
  const now = clock()
  const contact = contactOf(await openedBody(body.body, key, keyring))
  const erased = await anyErased(db, contactHashes(config.auditKey, contact))
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(quarantinedTrials)
      .values({
        userId,
        deviceId,
        key,
        body: body.body,
        code: body.code,
        receivedAt: now,
        appVersion: c.req.header(appVersionHeader)?.slice(0, 100) ?? null,
        email: contact.email,
        phone: contact.phone,
      })
      .onConflictDoNothing()
      .returning({ id: quarantinedTrials.id })
    if (inserted && erased) {
      await anonymiseQuarantined(tx, eq(quarantinedTrials.id, inserted.id), now)
    }
    const [kept] = await tx
      .select()
      .from(quarantinedTrials)
      .where(and(eq(quarantinedTrials.userId, userId), eq(quarantinedTrials.key, key)))
    if (!kept) throw new Error('a quarantined trial was neither kept nor found')
    return outcomeOf(kept)
  })
}
