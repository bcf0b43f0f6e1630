import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { messages } from '../../../src/contract/messages.ts'
import { trialSearchQuerySchema } from '../../../src/contract/trial.ts'
import { objectRule, policyGuard } from '../../auth/middleware.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { parseId } from '../../http/path-id.ts'
import { ok } from '../../http/respond.ts'
import { validateQuery } from '../../http/validate.ts'
import { HttpError } from '../../http-error.ts'
import { findTrial, searchTrials } from './queries.ts'
import { submitTrial } from './submit.ts'

/**
 * `POST /free-guided/form`, `GET /questionnaire/search?page=&user=&startAt=&endAt=` and
 * `GET /questionnaire/:id`, for any signed-in user. Super users and admins read every trial;
 * those the policy's `ownTrial` rule binds (managers and agents) their own, and another's is
 * simply not found (its id tells nothing). The spec's paths call the trial `free-guided` and
 * `questionnaire`; this is the one place the server maps them to the trial.
 */
export function trialRoutes(deps: AppDeps) {
  const guard = policyGuard(deps)
  // Every refusal counts, the guard's (an expired session) too: each is a trial not stored yet.
  const countRefused = createMiddleware<AppEnv>(async (c, next) => {
    await next()
    const { status } = c.res
    if (status >= 400 && status < 500) deps.metrics.trialsRefused.inc({ status })
  })
  return new Hono<AppEnv>()
    .post('/free-guided/form', countRefused, guard('POST /free-guided/form'), submitTrial(deps))
    .get('/questionnaire/search', guard('GET /questionnaire/search'), async (c) => {
      const query = validateQuery(c, trialSearchQuerySchema)
      const viewer = { id: c.var.user.id, ownOnly: objectRule(c, 'ownTrial') }
      return ok(c, await searchTrials(deps.db, viewer, query, deps.config.timeZone))
    })
    .get('/questionnaire/:id', guard('GET /questionnaire/:id'), async (c) => {
      const id = parseId(c.req.param('id'))
      const viewer = { id: c.var.user.id, ownOnly: objectRule(c, 'ownTrial') }
      const trial = id === null ? null : await findTrial(deps.db, viewer, id)
      if (!trial) throw new HttpError(404, messages.notFound.id)
      return ok(c, trial)
    })
}
