import { deviceHeartbeat } from '#contract/endpoints/devices.ts'
import { deviceRevoke, deviceSearch, deviceSummary } from '#contract/endpoints/device-admin.ts'
import { messages } from '#contract/messages.ts'
import { audit } from '../../audit/log.ts'
import { revokeDevice } from '../../auth/device-credentials.ts'
import type { AppDeps } from '../../deps.ts'
import { ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { logEvent } from '../../log.ts'
import { deviceSummary as summaryOf, recordHeartbeat, searchDevices } from './queries.ts'

/**
 * The app's devices (src/contract/endpoints/devices.ts): the heartbeat, which only a device
 * credential sends, and the administration's list, summary and revocation.
 */
export function deviceRoutes(routes: ApiRoutes, deps: AppDeps) {
  const { db, clock, config } = deps
  const versions = () => ({ now: clock(), minAppVersion: config.minAppVersion })
  routes
    .signedIn(deviceHeartbeat, async (c, { body }) => {
      const deviceId = c.var.device
      // The policy lets only device credentials through: a signed-in user's token has no device.
      if (deviceId === null) throw new HttpError(403, messages.forbidden.id)
      await recordHeartbeat(db, { deviceId, userId: c.var.user.id, now: clock(), heartbeat: body })
      return ok(c, { status: 'ok' as const })
    })
    .signedIn(deviceSearch, async (c, { query }) =>
      ok(c, await searchDevices(db, query, versions())),
    )
    .signedIn(deviceSummary, async (c) => ok(c, await summaryOf(db, versions())))
    .signedIn(deviceRevoke, async (c, { body }) => {
      const revokedAt = await revokeDevice(db, body.id, clock(), (tx) =>
        audit(c, deps, tx, { action: 'device.revoke', target: `device:${body.id}` }),
      )
      if (!revokedAt) throw new HttpError(404, messages.deviceNotFound.id)
      logEvent(c, 'device.revoked', { by: c.var.user.id, device: body.id })
      return ok(c, { id: body.id, revokedAt: revokedAt.toISOString() }, messages.deviceRevoked.id)
    })
}
