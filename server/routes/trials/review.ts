/**
 * Review and correction (docs/api.md#review): each decision and correction is a new revision of
 * the trial, taken on its latest revision only (two admins at once: the second is told), audited
 * by ids and codes; the trial as received is kept as revision 1.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { reviewMessages } from '#contract/review-messages.ts'
import type { Context } from 'hono'
import * as v from 'valibot'
import { messages } from '#contract/messages.ts'
import { correctionReasons, type Revision } from '#contract/review.ts'
import type { CorrectionBody, ReviewBody } from '#contract/review-requests.ts'
import type { Decision } from '#contract/trial-decisions.ts'
import { trialBodySchema, type Trial, type TrialBody, type TrialDetail } from '#contract/trial.ts'
import { audit } from '../../audit/log.ts'
import type { Database } from '../../db/database.ts'
import { stores } from '../../db/schema/stores.ts'
import { trialRevisions, trials } from '../../db/schema/trials.ts'
import { users } from '../../db/schema/users.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { validate } from '../../http/validate.ts'
import { HttpError } from '../../http-error.ts'
import { consentsOfTrial } from './consents.ts'
import { checkEditionAnswers } from './edition-answers.ts'
import { mergePatch, patchedPaths } from './merge-patch.ts'
import { answerColumns, storedAnswersText, storedComment } from './queries.ts'

type Locked = typeof trials.$inferSelect

/**
 * The trial locked for the change, at the revision the admin saw: a trial changed meanwhile is
 * 409 `trial.revisionStale`. Revision 1, the trial as received, is written before the first change.
 */
async function lockedAt(tx: Database, id: number, revision: number): Promise<Locked> {
  const [trial] = await tx.select().from(trials).where(eq(trials.id, id)).for('update')
  if (!trial) throw new HttpError(404, messages.notFound.id)
  if (trial.revision !== revision) throw new HttpError(409, reviewMessages.trialRevisionStale.id)
  if (trial.revision === 1) {
    await tx.insert(trialRevisions).values({
      trialId: id,
      revision: 1,
      kind: 'received',
      byUserId: trial.userId,
      at: trial.receivedAt,
      storeId: trial.storeId,
      answers: trial.answers,
    })
  }
  return trial
}

/** `POST /questionnaire/review`: accepts or rejects the trial, as a new revision. */
export async function reviewTrial(c: Context<UserEnv>, deps: AppDeps, body: ReviewBody) {
  const now = deps.clock()
  const reason = body.state === 'rejected' ? (body.reason ?? null) : null
  const comment = body.comment === '' ? null : body.comment
  return deps.db.transaction(async (tx) => {
    const trial = await lockedAt(tx, body.id, body.revision)
    const revision = trial.revision + 1
    await tx.insert(trialRevisions).values({
      trialId: trial.id,
      revision,
      kind: 'review',
      byUserId: c.var.user.id,
      at: now,
      state: body.state,
      reason,
      comment,
    })
    await tx
      .update(trials)
      .set({
        revision,
        reviewState: body.state,
        reviewReason: reason,
        reviewComment: comment,
        reviewedBy: c.var.user.id,
        reviewedAt: now,
      })
      .where(eq(trials.id, trial.id))
    await audit(c, deps, tx, {
      action: 'trial.review',
      target: `trial:${trial.id}`,
      detail: `revision ${revision}: ${body.state}${reason ? ` ${reason}` : ''}`,
    })
    return { id: trial.id, revision }
  })
}

const correctedSchema = v.object({
  store_id: trialBodySchema.entries.store_id,
  comment: trialBodySchema.entries.comment,
})

/**
 * `POST /questionnaire/correct`: the merge patch applied to the latest `{ store_id, comment }`,
 * validated as a trial is when it arrives, stored as the latest revision with its answer columns.
 * The key and the fingerprint of what was sent stay: a late replay answers this trial.
 */
export async function correctTrial(c: Context<UserEnv>, deps: AppDeps, body: CorrectionBody) {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const trial = await lockedAt(tx, body.id, body.revision)
    const [text] = await tx
      .select({ answers: storedAnswersText })
      .from(trials)
      .where(eq(trials.id, trial.id))
    const latest = { store_id: trial.storeId, comment: storedComment(text?.answers ?? '""') }
    const corrected = validate(correctedSchema, mergePatch(latest, body.changes))
    // A correction keeps to the trial's own edition, as its arrival did.
    await checkEditionAnswers(tx, {
      comment: corrected.comment,
      content_edition: trial.contentEdition,
    })
    const [store] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.id, corrected.store_id))
    if (!store) throw new HttpError(404, messages.storeNotFound.id)
    const revision = trial.revision + 1
    const comment: TrialBody['comment'] = corrected.comment
    const columns = answerColumns({ comment })
    await tx.insert(trialRevisions).values({
      trialId: trial.id,
      revision,
      kind: 'correction',
      byUserId: c.var.user.id,
      at: now,
      reason: body.reason,
      comment: body.comment === '' ? null : body.comment,
      changes: body.changes,
    })
    await tx
      .update(trials)
      .set({ ...columns, storeId: corrected.store_id, revision })
      .where(eq(trials.id, trial.id))
    await audit(c, deps, tx, {
      action: 'trial.correct',
      target: `trial:${trial.id}`,
      detail: `revision ${revision}: ${body.reason}; ${patchedPaths(body.changes).join(',')}`,
    })
    return { id: trial.id, revision }
  })
}

/**
 * A trial's revisions, oldest first, and the trial as received: from `trial_revisions` once it
 * was changed, else the trial itself is revision 1.
 */
export async function revisionsOf(
  db: Database,
  trial: { id: number; receivedAt: string; user: { id: number; fullname: string } },
): Promise<{
  revisions: Revision[]
  original: { storeId: number; comment: TrialBody['comment'] } | null
}> {
  const rows = await db
    .select({
      revision: trialRevisions.revision,
      kind: trialRevisions.kind,
      byId: users.id,
      byName: users.fullname,
      at: trialRevisions.at,
      state: trialRevisions.state,
      reason: trialRevisions.reason,
      comment: trialRevisions.comment,
      changes: trialRevisions.changes,
      storeId: trialRevisions.storeId,
      answers: sql<string | null>`${trialRevisions.answers}::text`,
    })
    .from(trialRevisions)
    .leftJoin(users, eq(users.id, trialRevisions.byUserId))
    .where(eq(trialRevisions.trialId, trial.id))
    .orderBy(asc(trialRevisions.revision))
  if (rows.length === 0) {
    const received: Revision = {
      revision: 1,
      kind: 'received',
      by: trial.user,
      at: trial.receivedAt,
      state: null,
      reason: null,
      comment: null,
      changes: null,
    }
    return { revisions: [received], original: null }
  }
  const first = rows[0]
  return {
    revisions: rows.map((row) => ({
      revision: row.revision,
      kind: row.kind,
      by: row.byId === null ? null : { id: row.byId, fullname: row.byName ?? '' },
      at: row.at.toISOString(),
      state: row.state,
      reason: row.reason,
      comment: row.comment,
      changes: row.changes,
    })),
    original:
      first?.storeId != null && first.answers !== null
        ? { storeId: first.storeId, comment: storedComment(first.answers) }
        : null,
  }
}

/** A trial with its consents as recorded and its revisions: `GET /questionnaire/{id}`'s shape. */
export async function trialDetail(db: Database, trial: Trial): Promise<TrialDetail> {
  const [consents, history, [edition]] = await Promise.all([
    consentsOfTrial(db, trial.id),
    revisionsOf(db, trial),
    db
      .select({ contentEdition: trials.contentEdition })
      .from(trials)
      .where(eq(trials.id, trial.id)),
  ])
  return { ...trial, contentEdition: edition?.contentEdition ?? 1, consents, ...history }
}

/**
 * The decisions on the author's own trials among `ids`: each one's review, and the reason of its
 * last correction (null when none changed it).
 */
export async function decisionsOn(
  db: Database,
  userId: number,
  ids: number[],
): Promise<Decision[]> {
  const lastCorrection = db
    .select({ reason: trialRevisions.reason })
    .from(trialRevisions)
    .where(and(eq(trialRevisions.trialId, trials.id), eq(trialRevisions.kind, 'correction')))
    .orderBy(desc(trialRevisions.revision))
    .limit(1)
  const rows = await db
    .select({
      id: trials.id,
      state: trials.reviewState,
      reason: trials.reviewReason,
      corrected: sql<string | null>`(${lastCorrection})`,
    })
    .from(trials)
    .where(and(eq(trials.userId, userId), inArray(trials.id, ids)))
    .orderBy(asc(trials.id))
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    reason: row.reason,
    corrected: v.parse(v.nullable(v.picklist(correctionReasons)), row.corrected),
  }))
}
