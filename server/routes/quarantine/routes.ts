import { deviceQuarantine, quarantineOutcomes } from '#contract/endpoints/quarantine.ts'
import {
  quarantineAccept,
  quarantinedById,
  quarantineReject,
  quarantineSearch,
} from '#contract/endpoints/quarantine-admin.ts'
import { messages } from '#contract/messages.ts'
import { quarantineMessages } from '#contract/quarantine-messages.ts'
import type { AppDeps } from '../../deps.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope, ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { sealKeyring } from '../trials/seal-keys.ts'
import { acceptQuarantined, rejectQuarantined } from './decide.ts'
import { handOver } from './hand-over.ts'
import { openedBody } from './opened.ts'
import { findQuarantined, outcomesOf, searchQuarantined } from './queries.ts'

/**
 * The quarantine (src/contract/endpoints/quarantine.ts, quarantine-admin.ts): finally refused
 * trials handed over by their tablets, and the administration's decision on each.
 */
export function quarantineRoutes(routes: ApiRoutes, deps: AppDeps) {
  const keyring = sealKeyring(deps.config.trialSealKeys)
  routes
    .signedIn(deviceQuarantine, async (c, { body }) =>
      c.json(
        envelope(c, await handOver(c, deps, keyring, body), quarantineMessages.quarantineHeld.id),
        201,
      ),
    )
    .signedIn(quarantineOutcomes, async (c, { query }) =>
      ok(c, await outcomesOf(deps.db, c.var.user.id, query.keys)),
    )
    .signedIn(quarantineSearch, async (c, { query }) =>
      ok(c, await searchQuarantined(deps.db, query)),
    )
    .signedIn(quarantinedById, async (c, { params }) => {
      const item = await findQuarantined(deps.db, params.id)
      if (!item) throw new HttpError(404, messages.notFound.id)
      return ok(c, { ...item, opened: await openedBody(item.body, item.key, keyring) })
    })
    .signedIn(quarantineAccept, async (c, { body }) => {
      const once = await oncePerKey(c, { db: deps.db, now: deps.clock() }, async (tx) => ({
        status: 200,
        body: envelope(
          c,
          await acceptQuarantined(c, { ...deps, db: tx }, keyring, body),
          quarantineMessages.quarantineAccepted.id,
        ),
      }))
      return answerOnce(c, once)
    })
    .signedIn(quarantineReject, async (c, { body }) => {
      const once = await oncePerKey(c, { db: deps.db, now: deps.clock() }, async (tx) => ({
        status: 200,
        body: envelope(
          c,
          await rejectQuarantined(c, { ...deps, db: tx }, body),
          quarantineMessages.quarantineRejected.id,
        ),
      }))
      return answerOnce(c, once)
    })
}
