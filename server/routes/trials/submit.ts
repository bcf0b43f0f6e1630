import type { Context } from 'hono'
import type { User } from '#contract/auth.ts'
import {
  appVersionHeader,
  deviceTimeHeader,
  idempotencyHeader,
  idempotentReplayedHeader,
} from '#contract/http.ts'
import { messages } from '#contract/messages.ts'
import { trialSubmit } from '#contract/endpoints/trials.ts'
import type { TrialBody } from '#contract/trial.ts'
import { openTrialContact } from '#contract/trial-contact.ts'
import { objectRefusal, objectRule } from '../../auth/middleware.ts'
import type { Database } from '../../db/database.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { idempotencyKeyOf } from '../../http/idempotency.ts'
import type { Input } from '../../http/route.ts'
import { readJson, validate } from '../../http/validate.ts'
import { anyErased, contactHashes } from '../../privacy/erased-contacts.ts'
import { HttpError } from '../../http-error.ts'
import { translate } from '../../i18n.ts'
import { captureOf } from './capture-time.ts'
import { createTrialOnce } from './create-once.ts'
import type { SealKeyring } from './seal-keys.ts'
import { checkEditionAnswers } from './edition-answers.ts'
import { upcastTrial } from './upcast.ts'
import { wasCheckedIn } from './queries.ts'

const day = 24 * 60 * 60_000
const recentDays = 30

/** The longest `App-Version` kept: a build's version is far shorter. */
const appVersionMaxLength = 100

/**
 * A manager's trial (the policy's `ownStore` rule) is filed at their own store: the one they are
 * checked in to, or one they were checked in to in the 30 days up to the trial's capture (a trial
 * finished offline may reach the server after they moved on, and must land where it happened);
 * null when they have none.
 */
async function ownStoreOf(
  db: Database,
  { user, storeId, capturedAt }: { user: User; storeId: number; capturedAt: Date },
): Promise<number | null> {
  if (user.expertStore?.id === storeId) return storeId
  const since = new Date(capturedAt.getTime() - recentDays * day)
  if (await wasCheckedIn(db, user.id, storeId, since, capturedAt)) return storeId
  return user.expertStore?.id ?? null
}

/**
 * `POST /free-guided/form` `{ store_id, comment }`: stores the trial and answers 201
 * `{ data: { id }, message }`. With an `Idempotency-Key`, at most once per user and key: the same
 * key again answers the first answer (`Idempotent-Replayed: true`) and stores nothing.
 */
export function submitTrial(deps: AppDeps, keyring: SealKeyring) {
  return async (c: Context<UserEnv>, { body }: Input<typeof trialSubmit>) => {
    const key = idempotencyKeyOf(c.req.header(idempotencyHeader))
    // The body as it was sent (a contact sealed): what the key's first request is compared with.
    const sent = await readJson(c)
    const { user } = c.var
    const now = deps.clock()
    const trial = upcastTrial(await openedContact(body, key, keyring))
    await checkEditionAnswers(deps.db, trial)
    const capture = captureOf(
      {
        finishedAt: trial.finished_at,
        clockOffsetMs: trial.clock_offset_ms,
        clockOffsetAt: trial.clock_offset_at,
      },
      c.req.header(deviceTimeHeader),
      now,
    )
    const ownStore = objectRule(c, 'ownStore')
    // A manager's trial is filed at their own store; anyone else names a store that is open.
    const storeId = ownStore
      ? await ownStoreOf(deps.db, {
          user,
          storeId: trial.store_id,
          capturedAt: capture.capturedAt,
        })
      : trial.store_id
    const anonymise = await contactErased(deps, trial.comment)
    const outcome = await createTrialOnce(deps.db, {
      userId: user.id,
      storeId,
      onlyOpen: !ownStore,
      comment: trial.comment,
      consents: trial.consents,
      contentEdition: trial.content_edition,
      now,
      capture,
      appVersion: c.req.header(appVersionHeader)?.slice(0, appVersionMaxLength) ?? null,
      ...(anonymise ? { anonymisedAt: now } : {}),
      message: translate(c.get('locale'), messages.trialSaved.id),
      key,
      body: sent,
    })
    if (outcome.kind === 'impossible') {
      if (ownStore) throw objectRefusal(c, 'ownStore')
      throw new HttpError(404, messages.storeNotFound.id)
    }
    if (outcome.kind === 'created') deps.metrics.trialsStored.inc()
    const headers: Record<string, string> =
      outcome.kind === 'replayed' ? { [idempotentReplayedHeader]: 'true' } : {}
    return c.json(outcome.answer.body, outcome.answer.status, headers)
  }
}

/**
 * Whether the trial's contact was erased before it arrived (a trial queued on a tablet then):
 * its email or phone is in the register of erased contacts.
 */
export async function contactErased(
  deps: AppDeps,
  comment: TrialBody['comment'],
): Promise<boolean> {
  if (typeof comment === 'string') return false
  const { email = null, phone = null } = comment.email
  return anyErased(deps.db, contactHashes(deps.config.auditKey, { email, phone }))
}

/**
 * The trial with its sealed contact opened (decision 20), validated again as a whole: the opened
 * email and phone meet the same rules as ones sent in the clear. The seal is bound to the trial's
 * Idempotency-Key, so a sealed trial without one cannot be opened.
 */
async function openedContact(
  body: Input<typeof trialSubmit>['body'],
  key: string | undefined,
  keyring: SealKeyring,
) {
  if (body.sealed_contact === undefined) return body
  await keyring.ready()
  const result = await openTrialContact(body, key, keyring.privateKeyOf)
  if ('refused' in result) {
    throw new HttpError(
      400,
      result.refused === 'unknownKey'
        ? messages.trialSealKeyUnknown.id
        : messages.trialSealBroken.id,
    )
  }
  return validate(trialSubmit.body, result.opened)
}
