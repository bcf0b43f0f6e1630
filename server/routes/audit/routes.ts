import { auditSearch, auditVerify } from '#contract/endpoints/audit.ts'
import { readCheckpoint } from '../../audit/checkpoint.ts'
import { searchAudit, verifyAudit } from '../../audit/log.ts'
import { HttpError } from '../../http-error.ts'
import type { AppDeps } from '../../deps.ts'
import { ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { administrationMessages } from '#contract/administration-messages.ts'

/**
 * The audit log (src/contract/endpoints/audit.ts), for super users and admins: search it and
 * verify its chain. Rows are written by the acts themselves (server/audit/log.ts); no endpoint
 * changes or removes one.
 */
export function auditRoutes(routes: ApiRoutes, { db, config }: AppDeps) {
  routes
    .signedIn(auditSearch, async (c, { query }) =>
      ok(c, await searchAudit(db, query, config.timeZone)),
    )
    .signedIn(auditVerify, async (c, { query }) => {
      const checkpoint = query.checkpoint ? readCheckpoint(config.auditKey, query.checkpoint) : null
      if (query.checkpoint && !checkpoint) {
        const message = administrationMessages.auditCheckpointInvalid.id
        throw new HttpError(400, message, { invalidFields: [{ field: 'checkpoint', message }] })
      }
      return ok(c, await verifyAudit(db, config.auditKey, checkpoint))
    })
}
