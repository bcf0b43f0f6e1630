/**
 * The administration's decision on a quarantined trial (docs/api.md#quarantine): accepted, it
 * becomes the one trial for its key, as the tablet's retry would have made it had the server taken
 * it; rejected, it stays as received. Either is audited by ids and the reason's code.
 */
import type { Context } from 'hono'
import { and, eq } from 'drizzle-orm'
import { messages } from '#contract/messages.ts'
import { trialSubmit } from '#contract/endpoints/trials.ts'
import { quarantineMessages } from '#contract/quarantine-messages.ts'
import type { QuarantineAcceptBody, QuarantineRejectBody } from '#contract/quarantine-requests.ts'
import { audit } from '../../audit/log.ts'
import type { Database } from '../../db/database.ts'
import { quarantinedTrials } from '../../db/schema/quarantine.ts'
import { trialRevisions, trials } from '../../db/schema/trials.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { validate } from '../../http/validate.ts'
import { HttpError } from '../../http-error.ts'
import { translate } from '../../i18n.ts'
import { captureOf } from '../trials/capture-time.ts'
import { createTrialOnce } from '../trials/create-once.ts'
import { mergePatch, patchedPaths } from '../trials/merge-patch.ts'
import type { SealKeyring } from '../trials/seal-keys.ts'
import { contactErased } from '../trials/submit.ts'
import { checkEditionAnswers } from '../trials/edition-answers.ts'
import { upcastTrial } from '../trials/upcast.ts'
import { openedBody } from './opened.ts'

type Item = typeof quarantinedTrials.$inferSelect

/** The item, still waiting: 404 when there is none, 409 when someone decided on it already. */
async function waiting(db: Database, id: number, lock = false): Promise<Item> {
  const query = db.select().from(quarantinedTrials).where(eq(quarantinedTrials.id, id))
  const [item] = lock ? await query.for('update') : await query
  if (!item) throw new HttpError(404, messages.notFound.id)
  if (item.state !== 'waiting') throw new HttpError(409, quarantineMessages.quarantineDecided.id)
  return item
}

/**
 * The trial for the item's key: the one its author's key already names (a trial stored before,
 * the item refused as the key's reuse), else one made from the opened body with `changes`
 * applied, stored as a trial arriving when the item did, under the author and the key, with the
 * fingerprint of the body as the tablet holds it: its retry then answers this trial.
 */
async function trialOf(
  c: Context<UserEnv>,
  deps: AppDeps,
  keyring: SealKeyring,
  item: Item,
  changes: Record<string, unknown>,
): Promise<{ id: number; created: boolean }> {
  const [stored] = await deps.db
    .select({ id: trials.id })
    .from(trials)
    .where(and(eq(trials.userId, item.userId), eq(trials.idempotencyKey, item.key)))
  if (stored) return { id: stored.id, created: false }
  const opened = await openedBody(item.body, item.key, keyring)
  if (opened === null) throw new HttpError(400, messages.trialSealBroken.id)
  const trial = upcastTrial(validate(trialSubmit.body, mergePatch(opened, changes)))
  await checkEditionAnswers(deps.db, trial)
  const now = item.receivedAt
  const capture = captureOf(
    {
      finishedAt: trial.finished_at,
      clockOffsetMs: trial.clock_offset_ms,
      clockOffsetAt: trial.clock_offset_at,
    },
    undefined,
    now,
  )
  const anonymise = item.anonymisedAt !== null || (await contactErased(deps, trial.comment))
  const outcome = await createTrialOnce(deps.db, {
    userId: item.userId,
    storeId: trial.store_id,
    // The admin chose the store: an archived one is where it happened.
    onlyOpen: false,
    comment: trial.comment,
    consents: trial.consents,
    contentEdition: trial.content_edition,
    now,
    capture,
    appVersion: item.appVersion,
    ...(anonymise ? { anonymisedAt: deps.clock() } : {}),
    message: translate(c.get('locale'), messages.trialSaved.id),
    key: item.key,
    body: item.body,
  })
  if (outcome.kind === 'impossible') throw new HttpError(404, messages.storeNotFound.id)
  if (outcome.kind === 'created') deps.metrics.trialsStored.inc()
  const answer = outcome.answer.body
  const id =
    typeof answer === 'object' && answer !== null && 'data' in answer ? idIn(answer.data) : null
  if (id === null) throw new Error('the stored trial answered no id')
  return { id, created: outcome.kind === 'created' }
}

function idIn(data: unknown): number | null {
  return typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'number'
    ? data.id
    : null
}

/** `POST /questionnaire/accept`. */
export async function acceptQuarantined(
  c: Context<UserEnv>,
  deps: AppDeps,
  keyring: SealKeyring,
  body: QuarantineAcceptBody,
) {
  const item = await waiting(deps.db, body.id)
  const trial = await trialOf(c, deps, keyring, item, body.changes)
  const now = deps.clock()
  const comment = body.comment === '' ? null : body.comment
  return deps.db.transaction(async (tx) => {
    await waiting(tx, body.id, true)
    await tx
      .update(quarantinedTrials)
      .set({
        state: 'accepted',
        trialId: trial.id,
        decidedBy: c.var.user.id,
        decidedAt: now,
        reason: body.reason,
        comment,
      })
      .where(eq(quarantinedTrials.id, body.id))
    if (trial.created) await markAccepted(tx, c.var.user.id, trial.id, now, comment)
    const paths = patchedPaths(body.changes)
    await audit(c, deps, tx, {
      action: 'quarantine.accept',
      target: `quarantine:${body.id}`,
      detail: `trial ${trial.id}: ${body.reason}${paths.length > 0 ? `; ${paths.join(',')}` : ''}`,
    })
    return { id: body.id, state: 'accepted' as const, trialId: trial.id }
  })
}

/**
 * The trial made from a quarantined one is accepted by the admin who made it: its history shows
 * it as received (revision 1) and that decision (revision 2).
 */
async function markAccepted(
  tx: Database,
  by: number,
  trialId: number,
  now: Date,
  comment: string | null,
) {
  const [trial] = await tx.select().from(trials).where(eq(trials.id, trialId)).for('update')
  if (!trial || trial.revision !== 1) return
  await tx.insert(trialRevisions).values([
    {
      trialId,
      revision: 1,
      kind: 'received',
      byUserId: trial.userId,
      at: trial.receivedAt,
      storeId: trial.storeId,
      answers: trial.answers,
    },
    { trialId, revision: 2, kind: 'review', byUserId: by, at: now, state: 'accepted', comment },
  ])
  await tx
    .update(trials)
    .set({
      revision: 2,
      reviewState: 'accepted',
      reviewComment: comment,
      reviewedBy: by,
      reviewedAt: now,
    })
    .where(eq(trials.id, trialId))
}

/** `POST /questionnaire/reject`. */
export async function rejectQuarantined(
  c: Context<UserEnv>,
  deps: AppDeps,
  body: QuarantineRejectBody,
) {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    await waiting(tx, body.id, true)
    await tx
      .update(quarantinedTrials)
      .set({
        state: 'rejected',
        decidedBy: c.var.user.id,
        decidedAt: now,
        reason: body.reason,
        comment: body.comment === '' ? null : body.comment,
      })
      .where(eq(quarantinedTrials.id, body.id))
    await audit(c, deps, tx, {
      action: 'quarantine.reject',
      target: `quarantine:${body.id}`,
      detail: body.reason,
    })
    return { id: body.id, state: 'rejected' as const, trialId: null }
  })
}
