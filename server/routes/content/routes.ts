import type { Context } from 'hono'
import { editionMessages } from '#contract/edition-messages.ts'
import { contentById, contentCurrent } from '#contract/endpoints/content.ts'
import {
  contentCancel,
  contentCreate,
  contentDelete,
  contentPublish,
  contentSearch,
  contentUpdate,
} from '#contract/endpoints/content-admin.ts'
import { contentMessages } from '#contract/content-messages.ts'
import { allows } from '#contract/roles.ts'
import { wasPublished, type Edition } from '#contract/content-edition.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope, ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { cancelScheduled, createDraft, deleteDraft, publishEdition, updateDraft } from './acts.ts'
import {
  currentEdition,
  findEdition,
  namesEtag,
  searchEditions,
  settleScheduled,
} from './editions.ts'

/**
 * An edition with its ETag; 304 when `If-None-Match` names it. The browser may keep it, asking the
 * server each time (`no-cache` in place of the API's `no-store`): a tablet's read of an edition it
 * already holds is then a 304 without a body, with no code of the app's own.
 */
function conditional(c: Context<UserEnv>, found: { edition: Edition; etag: string }) {
  c.header('Cache-Control', 'private, no-cache')
  c.header('ETag', found.etag)
  if (namesEtag(c.req.header('If-None-Match'), found.etag)) return c.body(null, 304)
  return ok(c, found.edition)
}

/**
 * The content editions (src/contract/endpoints/content.ts and content-admin.ts): the edition in use
 * for every tablet, and the administration's drafts, publications and schedule.
 */
export function contentRoutes(routes: ApiRoutes, deps: AppDeps) {
  const once = () => ({ db: deps.db, now: deps.clock() })
  routes
    .signedIn(contentCurrent, async (c) => {
      await settleScheduled(deps.db, deps.clock())
      return conditional(c, await currentEdition(deps.db))
    })
    .signedIn(contentSearch, async (c, { query }) => {
      await settleScheduled(deps.db, deps.clock())
      return ok(c, await searchEditions(deps.db, query.page))
    })
    .signedIn(contentById, async (c, { params }) => {
      await settleScheduled(deps.db, deps.clock())
      const found = await findEdition(deps.db, params.id)
      // An edition not yet published is the administration's work in progress: to the trials'
      // other readers it does not exist.
      const shown =
        found && (allows('administration', c.var.user.role) || wasPublished(found.edition.state))
      if (!shown) throw new HttpError(404, editionMessages.contentNotFound.id)
      return conditional(c, found)
    })
    .signedIn(contentCreate, async (c, { body }) => {
      const done = await oncePerKey(c, once(), async (tx) => ({
        status: 201,
        body: envelope(
          c,
          (await createDraft(c, deps, tx, body)).edition,
          contentMessages.contentDraftCreated.id,
        ),
      }))
      return answerOnce(c, done)
    })
    .signedIn(contentUpdate, async (c, { body }) => {
      let etag: string | undefined
      const done = await oncePerKey(c, once(), async (tx) => {
        const saved = await updateDraft(c, deps, tx, body)
        etag = saved.etag
        const { edition } = saved
        return {
          status: 200,
          body: envelope(c, edition, contentMessages.contentDraftSaved.id),
        }
      })
      // A replay answers the first save again, whose ETag may be an older one: none is sent.
      if (etag !== undefined && !done.replayed) c.header('ETag', etag)
      return answerOnce(c, done)
    })
    .signedIn(contentPublish, async (c, { body }) => {
      const done = await oncePerKey(c, once(), async (tx) => {
        const { edition, scheduled } = await publishEdition(c, deps, tx, body)
        const message = scheduled
          ? contentMessages.contentScheduled
          : contentMessages.contentPublished
        return { status: 200, body: envelope(c, edition, message.id) }
      })
      return answerOnce(c, done)
    })
    .signedIn(contentCancel, async (c, { body }) => {
      const done = await oncePerKey(c, once(), async (tx) => ({
        status: 200,
        body: envelope(
          c,
          (await cancelScheduled(c, deps, tx, body)).edition,
          contentMessages.contentCancelled.id,
        ),
      }))
      return answerOnce(c, done)
    })
    .signedIn(contentDelete, async (c, { body }) => {
      const done = await oncePerKey(c, once(), async (tx) => ({
        status: 200,
        body: envelope(c, await deleteDraft(c, deps, tx, body), contentMessages.contentDeleted.id),
      }))
      return answerOnce(c, done)
    })
}
