import { createMiddleware } from 'hono/factory'
import { reviewMessages } from '#contract/review-messages.ts'
import { trialCorrect, trialReview } from '#contract/endpoints/review.ts'
import { trialDecisions } from '#contract/endpoints/trial-decisions.ts'
import { trialById, trialSealKey, trialSearch, trialSubmit } from '#contract/endpoints/trials.ts'
import { messages } from '#contract/messages.ts'
import { objectRule } from '../../auth/middleware.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope, ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { findTrial, searchTrials } from './queries.ts'
import { correctTrial, decisionsOn, reviewTrial, trialDetail } from './review.ts'
import { sealKeyring } from './seal-keys.ts'
import { submitTrial } from './submit.ts'

/**
 * The trials (src/contract/endpoints/trials.ts), for any signed-in user: submitting one, the
 * search and one trial. Super users and admins read every trial; those the policy's `ownTrial`
 * rule binds (managers and agents) their own, and another's is simply not found (its id tells
 * nothing).
 */
export function trialRoutes(routes: ApiRoutes, deps: AppDeps) {
  // Every refusal counts, the guard's (an expired session) too: each is a trial not stored yet.
  const countRefused = createMiddleware<AppEnv>(async (c, next) => {
    await next()
    const { status } = c.res
    if (status >= 400 && status < 500) deps.metrics.trialsRefused.inc({ status })
  })
  const keyring = sealKeyring(deps.config.trialSealKeys)
  const [current] = deps.config.trialSealKeys
  routes
    .signedIn(trialSubmit, submitTrial(deps, keyring), { before: countRefused })
    .signedIn(trialSealKey, (c) => {
      // The configuration refuses an empty list: there is always a current key.
      if (!current) throw new HttpError(503, messages.notReady.id)
      return ok(c, current.publicKey)
    })
    .signedIn(trialSearch, async (c, { query }) => {
      const viewer = { id: c.var.user.id, ownOnly: objectRule(c, 'ownTrial') }
      return ok(c, await searchTrials(deps.db, viewer, query, deps.config.timeZone))
    })
    .signedIn(trialDecisions, async (c, { query }) =>
      ok(c, await decisionsOn(deps.db, c.var.user.id, query.ids)),
    )
    .signedIn(trialById, async (c, { params }) => {
      const viewer = { id: c.var.user.id, ownOnly: objectRule(c, 'ownTrial') }
      const trial = await findTrial(deps.db, viewer, params.id)
      if (!trial) throw new HttpError(404, messages.notFound.id)
      return ok(c, await trialDetail(deps.db, trial))
    })
    .signedIn(trialReview, async (c, { body }) => {
      const once = await oncePerKey(c, { db: deps.db, now: deps.clock() }, async (tx) => ({
        status: 200,
        body: envelope(
          c,
          await reviewTrial(c, { ...deps, db: tx }, body),
          reviewMessages.trialReviewed.id,
        ),
      }))
      return answerOnce(c, once)
    })
    .signedIn(trialCorrect, async (c, { body }) => {
      const once = await oncePerKey(c, { db: deps.db, now: deps.clock() }, async (tx) => ({
        status: 200,
        body: envelope(
          c,
          await correctTrial(c, { ...deps, db: tx }, body),
          reviewMessages.trialCorrected.id,
        ),
      }))
      return answerOnce(c, once)
    })
}
