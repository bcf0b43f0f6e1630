import type { Context } from 'hono'
import type { User } from '../../../src/contract/auth.ts'
import { idempotencyHeader, idempotentReplayedHeader } from '../../../src/contract/http.ts'
import { messages } from '../../../src/contract/messages.ts'
import { trialBodySchema } from '../../../src/contract/trial.ts'
import { objectRefusal, objectRule } from '../../auth/middleware.ts'
import type { Database } from '../../db/database.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { idempotencyKeyOf, runOnce } from '../../http/idempotency.ts'
import { envelope } from '../../http/respond.ts'
import { readJson, validate } from '../../http/validate.ts'
import { HttpError } from '../../http-error.ts'
import { findStore } from '../stores/queries.ts'
import { insertTrial, wasCheckedIn } from './queries.ts'

const day = 24 * 60 * 60_000
const recentDays = 30

/**
 * Where the trial is filed. Under the policy's `ownStore` rule (a manager), at their own store: the
 * one they are checked in to, or one they were checked in to in the last 30 days (a trial finished
 * offline may reach the server after they moved on, and must land where it happened); null when
 * they have none. Anyone else names a store that is open.
 */
async function storeOf(
  db: Database,
  { user, storeId, ownStore, now }: { user: User; storeId: number; ownStore: boolean; now: Date },
): Promise<number | null> {
  if (ownStore) {
    if (user.expertStore?.id === storeId) return storeId
    if (await wasCheckedIn(db, user.id, storeId, new Date(now.getTime() - recentDays * day)))
      return storeId
    return user.expertStore?.id ?? null
  }
  const store = await findStore(db, storeId)
  if (!store) throw new HttpError(404, messages.storeNotFound.id)
  return store.id
}

/**
 * `POST /free-guided/form` `{ store_id, comment }`: stores the trial and answers 201
 * `{ data: { id }, message }`. With an `Idempotency-Key`, at most once per user and key: the same
 * key again answers the first answer (`Idempotent-Replayed: true`) and stores nothing.
 */
export function submitTrial(deps: AppDeps) {
  return async (c: Context<UserEnv>) => {
    const key = idempotencyKeyOf(c.req.header(idempotencyHeader))
    const sent = await readJson(c)
    const body = validate(trialBodySchema, sent)
    const { user } = c.var
    const now = deps.clock()
    const ownStore = objectRule(c, 'ownStore')
    const answer = await runOnce(deps.db, { userId: user.id, key, body: sent, now }, async (tx) => {
      const storeId = await storeOf(tx, { user, storeId: body.store_id, ownStore, now })
      if (storeId === null) throw objectRefusal(c, 'ownStore')
      const id = await insertTrial(tx, { userId: user.id, storeId, comment: body.comment, now })
      return { status: 201, body: envelope(c, { id }, messages.trialSaved.id) }
    })
    const headers: Record<string, string> = answer.replayed
      ? { [idempotentReplayedHeader]: 'true' }
      : {}
    return c.json(answer.body, answer.status, headers)
  }
}
