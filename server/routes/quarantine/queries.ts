import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { pageSize } from '#contract/http.ts'
import type { QuarantineOutcome } from '#contract/quarantine.ts'
import { rejectionReasons } from '#contract/review.ts'
import type { Quarantined, QuarantineSearchQuery } from '#contract/quarantine-requests.ts'
import type { Database } from '../../db/database.ts'
import { quarantinedTrials } from '../../db/schema/quarantine.ts'
import { stores } from '../../db/schema/stores.ts'
import { users } from '../../db/schema/users.ts'
import type { Contact } from '../../privacy/erased-contacts.ts'

const deciders = alias(users, 'deciders')

/** The store a body names, when it names one by a whole number. */
const namedStore = sql`case when jsonb_typeof(${quarantinedTrials.body} -> 'store_id') = 'number'
  and (${quarantinedTrials.body} ->> 'store_id') ~ '^[0-9]{1,9}$'
  then (${quarantinedTrials.body} ->> 'store_id')::integer end`

function selectQuarantined(db: Database) {
  return db
    .select({
      row: quarantinedTrials,
      author: { id: users.id, fullname: users.fullname },
      store: { id: stores.id, name: stores.name },
      decider: { id: deciders.id, fullname: deciders.fullname },
    })
    .from(quarantinedTrials)
    .innerJoin(users, eq(users.id, quarantinedTrials.userId))
    .leftJoin(stores, eq(stores.id, namedStore))
    .leftJoin(deciders, eq(deciders.id, quarantinedTrials.decidedBy))
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectQuarantined>['where']>>[number]

function toQuarantined({ row, author, store, decider }: Selected): Quarantined {
  return {
    id: row.id,
    key: row.key,
    user: author,
    deviceId: row.deviceId,
    code: row.code,
    receivedAt: row.receivedAt.toISOString(),
    store,
    state: row.state,
    trialId: row.trialId,
    decidedBy: decider,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    comment: row.comment,
    anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
  }
}

/** `GET /questionnaire/quarantine`: newest first, 20 a page. */
export async function searchQuarantined(
  db: Database,
  query: QuarantineSearchQuery,
): Promise<{ rows: Quarantined[]; count: number }> {
  const where = and(
    query.state === undefined ? undefined : eq(quarantinedTrials.state, query.state),
    query.user === undefined ? undefined : eq(quarantinedTrials.userId, query.user),
    query.device === undefined ? undefined : eq(quarantinedTrials.deviceId, query.device),
  )
  const rows = await selectQuarantined(db)
    .where(where)
    .orderBy(desc(quarantinedTrials.receivedAt), desc(quarantinedTrials.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
  const [total] = await db.select({ count: count() }).from(quarantinedTrials).where(where)
  return { rows: rows.map(toQuarantined), count: total?.count ?? 0 }
}

/** One quarantined trial with its body as received, or null. */
export async function findQuarantined(
  db: Database,
  id: number,
): Promise<(Quarantined & { body: unknown }) | null> {
  const [found] = await selectQuarantined(db).where(eq(quarantinedTrials.id, id))
  return found ? { ...toQuarantined(found), body: found.row.body } : null
}

/** What became of the user's quarantined trials among `keys`. */
export async function outcomesOf(
  db: Database,
  userId: number,
  keys: string[],
): Promise<QuarantineOutcome[]> {
  const rows = await db
    .select()
    .from(quarantinedTrials)
    .where(and(eq(quarantinedTrials.userId, userId), inArray(quarantinedTrials.key, keys)))
  return rows.map(outcomeOf)
}

/** A quarantined trial as its tablet reads it back. */
export function outcomeOf(row: typeof quarantinedTrials.$inferSelect): QuarantineOutcome {
  const reason = rejectionReasons.find((known) => known === row.reason) ?? null
  return {
    key: row.key,
    id: row.id,
    state: row.state,
    trialId: row.trialId,
    reason: row.state === 'rejected' ? reason : null,
  }
}

/** The quarantined trials that hold this contact (in the forms trials are matched by). */
export function quarantinedOfContact(contact: Contact): SQL | undefined {
  const conditions: SQL[] = []
  if (contact.email !== null) conditions.push(eq(quarantinedTrials.email, contact.email))
  if (contact.phone !== null) conditions.push(eq(quarantinedTrials.phone, contact.phone))
  return conditions.length === 0 ? undefined : or(...conditions)
}
