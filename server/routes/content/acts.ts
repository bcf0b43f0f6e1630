/**
 * The administration's acts on the content editions (docs/api.md#content-editions), each in the
 * transaction of its `Idempotency-Key` (`tx`) under the editions' lock, and audited there by ids.
 */
import type { Context } from 'hono'
import { and, eq, sql } from 'drizzle-orm'
import type { Edition } from '#contract/content-edition.ts'
import { contentMessages } from '#contract/content-messages.ts'
import { editionMessages } from '#contract/edition-messages.ts'
import type {
  ContentCreateBody,
  ContentIdBody,
  ContentPublishBody,
  ContentUpdateBody,
} from '#contract/content-requests.ts'
import { messages } from '#contract/messages.ts'
import { audit } from '../../audit/log.ts'
import type { Database } from '../../db/database.ts'
import { contentEditions } from '../../db/schema/content-editions.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { HttpError } from '../../http-error.ts'
import {
  etagOf,
  findEdition,
  keptLists,
  lockEditions,
  makeCurrent,
  namesEtag,
  settleScheduled,
  type EditionRow,
} from './editions.ts'
import { listRefusals } from './rules.ts'

/** The edition, locked for the act: 404 when there is none. */
async function editionRow(tx: Database, id: number): Promise<EditionRow> {
  const [row] = await tx
    .select()
    .from(contentEditions)
    .where(eq(contentEditions.id, id))
    .for('update')
  if (!row) throw new HttpError(404, editionMessages.contentNotFound.id)
  return row
}

function draft(row: EditionRow): EditionRow {
  if (row.state !== 'draft') throw new HttpError(409, contentMessages.contentNotDraft.id)
  return row
}

/** 400 naming each field of `lists` that breaks a rule, against what was published or scheduled. */
async function checkLists(tx: Database, lists: EditionRow['lists']): Promise<void> {
  const kept = (await keptLists(tx)).map((row) => row.lists)
  const invalidFields = listRefusals(lists, kept)
  const [first] = invalidFields
  if (first) throw new HttpError(400, first.message, { invalidFields })
}

async function answer(tx: Database, id: number): Promise<{ edition: Edition; etag: string }> {
  const found = await findEdition(tx, id)
  if (!found) throw new Error(`edition ${id} vanished within its own transaction`)
  return found
}

/** `POST /content/create`: a draft copied from `from`, or from the edition in use. */
export async function createDraft(
  c: Context<UserEnv>,
  deps: AppDeps,
  tx: Database,
  body: ContentCreateBody,
) {
  await settleScheduled(tx, deps.clock())
  await lockEditions(tx)
  const [source] = await tx
    .select()
    .from(contentEditions)
    .where(
      body.from === undefined
        ? eq(contentEditions.state, 'published')
        : eq(contentEditions.id, body.from),
    )
  if (!source) throw new HttpError(404, editionMessages.contentNotFound.id)
  const [made] = await tx
    .insert(contentEditions)
    .values({
      state: 'draft',
      lists: source.lists,
      consents: source.consents,
      consentAutoTick: source.consentAutoTick,
      createdAt: deps.clock(),
      createdBy: c.var.user.id,
    })
    .returning({ id: contentEditions.id })
  if (!made) throw new Error('no edition inserted')
  await audit(c, deps, tx, {
    action: 'content.create',
    target: `content:${made.id}`,
    detail: `from ${source.id}`,
  })
  return answer(tx, made.id)
}

/** `POST /content/update`: a draft's content replaced; 412 when `If-Match` names an older save. */
export async function updateDraft(
  c: Context<UserEnv>,
  deps: AppDeps,
  tx: Database,
  body: ContentUpdateBody,
) {
  await lockEditions(tx)
  const row = draft(await editionRow(tx, body.id))
  const ifMatch = c.req.header('If-Match')
  if (ifMatch !== undefined && !namesEtag(ifMatch, etagOf(row))) {
    throw new HttpError(412, contentMessages.contentStale.id)
  }
  await checkLists(tx, body.lists)
  await tx
    .update(contentEditions)
    .set({
      lists: body.lists,
      consents: body.consents,
      consentAutoTick: body.consentAutoTick,
      revision: row.revision + 1,
    })
    .where(eq(contentEditions.id, row.id))
  await audit(c, deps, tx, {
    action: 'content.update',
    target: `content:${row.id}`,
    detail: `revision ${row.revision + 1}`,
  })
  return answer(tx, row.id)
}

/** `POST /content/publish`: now, or scheduled when `at` is in the future. */
export async function publishEdition(
  c: Context<UserEnv>,
  deps: AppDeps,
  tx: Database,
  body: ContentPublishBody,
) {
  const now = deps.clock()
  await settleScheduled(tx, now)
  await lockEditions(tx)
  const row = draft(await editionRow(tx, body.id))
  await checkLists(tx, row.lists)
  const at = body.at === undefined ? undefined : new Date(body.at)
  if (at !== undefined && Number.isNaN(at.getTime())) {
    throw new HttpError(400, messages.invalid.id, {
      invalidFields: [{ field: 'at', message: messages.invalid.id }],
    })
  }
  const scheduled = at !== undefined && at.getTime() > now.getTime()
  await tx
    .update(contentEditions)
    .set({
      publishedBy: c.var.user.id,
      ...(scheduled
        ? { state: 'scheduled', publishAt: at, revision: sql`${contentEditions.revision} + 1` }
        : {}),
    })
    .where(eq(contentEditions.id, row.id))
  if (!scheduled) await makeCurrent(tx, row.id, now)
  await audit(c, deps, tx, {
    action: 'content.publish',
    target: `content:${row.id}`,
    detail: scheduled ? `at ${at.toISOString()}` : 'now',
  })
  return { ...(await answer(tx, row.id)), scheduled }
}

/** `POST /content/cancel`: a scheduled edition back to a draft, before its time. */
export async function cancelScheduled(
  c: Context<UserEnv>,
  deps: AppDeps,
  tx: Database,
  body: ContentIdBody,
) {
  await settleScheduled(tx, deps.clock())
  await lockEditions(tx)
  const row = await editionRow(tx, body.id)
  if (row.state !== 'scheduled') {
    throw new HttpError(409, contentMessages.contentNotScheduled.id)
  }
  await tx
    .update(contentEditions)
    .set({ state: 'draft', publishAt: null, publishedBy: null, revision: row.revision + 1 })
    .where(and(eq(contentEditions.id, row.id), eq(contentEditions.state, 'scheduled')))
  await audit(c, deps, tx, { action: 'content.cancel', target: `content:${row.id}` })
  return answer(tx, row.id)
}

/** `POST /content/delete`: a draft, gone; an edition that was ever scheduled is kept. */
export async function deleteDraft(
  c: Context<UserEnv>,
  deps: AppDeps,
  tx: Database,
  body: ContentIdBody,
) {
  await lockEditions(tx)
  const row = draft(await editionRow(tx, body.id))
  await tx
    .delete(contentEditions)
    .where(and(eq(contentEditions.id, row.id), eq(contentEditions.state, 'draft')))
  await audit(c, deps, tx, { action: 'content.delete', target: `content:${row.id}` })
  return { id: row.id, deleted: true as const }
}
