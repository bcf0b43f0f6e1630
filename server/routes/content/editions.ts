/**
 * Reading the content editions (docs/api.md#content-editions), and the one step that changes
 * them without a request of its own: a scheduled edition whose time has come is published by the
 * first read or act after it, in a transaction under the editions' lock, so that no job has to
 * run and every process agrees on the edition in use.
 */
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Edition } from '#contract/content-edition.ts'
import type { EditionSummary } from '#contract/content-requests.ts'
import { pageSize } from '#contract/http.ts'
import type { Database } from '../../db/database.ts'
import { contentEditions } from '../../db/schema/content-editions.ts'
import { users } from '../../db/schema/users.ts'

export type EditionRow = typeof contentEditions.$inferSelect

/** Every act on the editions takes this lock first: one publication at a time. */
export async function lockEditions(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('content_editions', 0))`)
}

/**
 * Publishes the scheduled editions whose time has come, oldest first, each superseding the one in
 * use; published at the time set, not at the read's. A read that finds none due changes nothing.
 */
export async function settleScheduled(db: Database, now: Date): Promise<void> {
  const due = and(eq(contentEditions.state, 'scheduled'), lte(contentEditions.publishAt, now))
  const [any] = await db
    .select({ id: contentEditions.id })
    .from(contentEditions)
    .where(due)
    .limit(1)
  if (!any) return
  await db.transaction(async (tx) => {
    await lockEditions(tx)
    const rows = await tx
      .select({ id: contentEditions.id, publishAt: contentEditions.publishAt })
      .from(contentEditions)
      .where(due)
      .orderBy(asc(contentEditions.publishAt), asc(contentEditions.id))
    for (const row of rows) await makeCurrent(tx, row.id, row.publishAt ?? now)
  })
}

/** The id of the edition in use, as a subquery: null when none is published. */
export const inUseEditionId = sql<
  number | null
>`(select ${contentEditions.id} from ${contentEditions} where ${contentEditions.state} = 'published')`

/**
 * The id of the edition in use once the scheduled ones due are published (what the heartbeat
 * answers and the fleet's figures count); null when none is published.
 */
export async function settledEditionId(db: Database, now: Date): Promise<number | null> {
  await settleScheduled(db, now)
  const [row] = await db
    .select({ id: contentEditions.id })
    .from(contentEditions)
    .where(eq(contentEditions.state, 'published'))
  return row?.id ?? null
}

/** The edition becomes the one in use; the one before is superseded. Under the editions' lock. */
export async function makeCurrent(tx: Database, id: number, at: Date): Promise<void> {
  await tx
    .update(contentEditions)
    .set({ state: 'superseded', revision: sql`${contentEditions.revision} + 1` })
    .where(eq(contentEditions.state, 'published'))
  await tx
    .update(contentEditions)
    .set({ state: 'published', publishedAt: at, revision: sql`${contentEditions.revision} + 1` })
    .where(eq(contentEditions.id, id))
}

/** An edition's ETag: its id and revision, which every save and change of state moves on. */
export function etagOf(row: Pick<EditionRow, 'id' | 'revision'>): string {
  return `"${row.id}.${row.revision}"`
}

/** Whether an `If-None-Match` or `If-Match` header names the ETag (or is `*`). */
export function namesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

const creators = alias(users, 'creators')

function selectEditions(db: Database) {
  return db
    .select({
      row: contentEditions,
      publisher: { id: users.id, fullname: users.fullname },
      creator: { id: creators.id, fullname: creators.fullname },
    })
    .from(contentEditions)
    .leftJoin(users, eq(users.id, contentEditions.publishedBy))
    .leftJoin(creators, eq(creators.id, contentEditions.createdBy))
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectEditions>['where']>>[number]

function toSummary({ row, publisher, creator }: Selected): EditionSummary {
  return {
    id: row.id,
    state: row.state,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedBy: publisher,
    createdAt: row.createdAt.toISOString(),
    createdBy: creator,
  }
}

function toEdition({ row, publisher }: Selected): Edition {
  return {
    id: row.id,
    state: row.state,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedBy: publisher,
    lists: row.lists,
    consents: row.consents,
    consentAutoTick: row.consentAutoTick,
  }
}

/** One edition with its ETag, or undefined. */
export async function findEdition(
  db: Database,
  id: number,
): Promise<{ edition: Edition; etag: string } | undefined> {
  const [found] = await selectEditions(db).where(eq(contentEditions.id, id))
  return found && { edition: toEdition(found), etag: etagOf(found.row) }
}

/** The edition in use (edition 1 until another is published). */
export async function currentEdition(db: Database): Promise<{ edition: Edition; etag: string }> {
  const [found] = await selectEditions(db).where(eq(contentEditions.state, 'published'))
  if (!found) throw new Error('no edition is published: the migrations insert edition 1')
  return { edition: toEdition(found), etag: etagOf(found.row) }
}

/** `GET /content/search`: newest first, 20 a page. */
export async function searchEditions(
  db: Database,
  page: number,
): Promise<{ rows: EditionSummary[]; count: number }> {
  const rows = await selectEditions(db)
    .orderBy(desc(contentEditions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const [total] = await db.select({ count: count() }).from(contentEditions)
  return { rows: rows.map(toSummary), count: total?.count ?? 0 }
}

/**
 * The keys of every edition that was published or is scheduled, by list: what an edition to be
 * published must keep (keys are never reused).
 */
export async function keptLists(db: Database) {
  return db
    .select({ lists: contentEditions.lists })
    .from(contentEditions)
    .where(inArray(contentEditions.state, ['scheduled', 'published', 'superseded']))
}
