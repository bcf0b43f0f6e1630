import { deviceHeartbeat } from '#contract/endpoints/devices.ts'
import {
  deviceAction,
  deviceActionCancel,
  deviceFleet,
  deviceRevoke,
  deviceSearch,
  deviceSummary,
} from '#contract/endpoints/device-admin.ts'
import { deviceActionMessages } from '#contract/device-action-messages.ts'
import { messages } from '#contract/messages.ts'
import { audit } from '../../audit/log.ts'
import { revokeDevice } from '../../auth/device-credentials.ts'
import type { AppDeps } from '../../deps.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope, ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { logEvent } from '../../log.ts'
import { settledEditionId, settleScheduled } from '../content/editions.ts'
import { acknowledgeActions, cancelAction, deliverActions, issueAction } from './actions.ts'
import {
  deviceSummary as summaryOf,
  fleetFigures,
  recordHeartbeat,
  searchDevices,
} from './queries.ts'
import { administrationMessages } from '#contract/administration-messages.ts'

/**
 * The app's devices (src/contract/endpoints/devices.ts): the heartbeat, which only a device
 * credential sends, and the administration's list, figures, summary, revocation and remote
 * actions (docs/behaviour.md#remote-actions).
 */
export function deviceRoutes(routes: ApiRoutes, deps: AppDeps) {
  const { db, clock, config } = deps
  const versions = () => ({
    now: clock(),
    minAppVersion: config.minAppVersion,
    appVersion: config.appVersion,
  })
  routes
    .signedIn(deviceHeartbeat, async (c, { body }) => {
      const deviceId = c.var.device
      // The policy lets only device credentials through: a signed-in user's token has no device.
      if (deviceId === null) throw new HttpError(403, messages.forbidden.id)
      const now = clock()
      // The edition in use, which a tablet holding another fetches (a scheduled one due counts).
      const contentEdition = await settledEditionId(db, now)
      // The report, the acknowledgements with their audit rows and the deliveries, at once.
      const actions = await db.transaction(async (tx) => {
        await recordHeartbeat(tx, { deviceId, userId: c.var.user.id, now, heartbeat: body })
        const done = await acknowledgeActions(tx, { deviceId, done: body.done ?? [], now })
        for (const { id, action, result } of done) {
          await audit(c, deps, tx, {
            action: 'device.actionDone',
            target: `device:${deviceId}`,
            outcome: result === 'done' ? 'success' : 'failure',
            detail: `action ${id} ${action}`,
          })
        }
        return deliverActions(tx, { deviceId, now })
      })
      return ok(c, { status: 'ok' as const, actions, contentEdition })
    })
    .signedIn(deviceFleet, async (c) => {
      // A scheduled edition whose time has come is the one in use for the figures too.
      await settleScheduled(db, clock())
      return ok(c, await fleetFigures(db, versions()))
    })
    .signedIn(deviceAction, async (c, { body }) => {
      const now = clock()
      const once = await oncePerKey(c, { db, now }, async (tx) => {
        const issued = await issueAction(tx, { body, issuedBy: c.var.user.id, now })
        if (issued.kind === 'noDevice')
          throw new HttpError(404, administrationMessages.deviceNotFound.id)
        if (issued.kind === 'noUser') {
          throw new HttpError(400, deviceActionMessages.deviceActionUserNotOnDevice.id)
        }
        const about = [
          `action ${issued.id} ${body.action}`,
          ...(body.action === 'sign-out' ? [`user:${body.userId}`] : []),
          ...(body.action === 'wipe' && body.lost === true ? ['lost'] : []),
        ]
        await audit(c, deps, tx, {
          action: 'device.action',
          target: `device:${body.deviceId}`,
          detail: about.join(' '),
        })
        logEvent(c, 'device.action', { by: c.var.user.id, device: body.deviceId, id: issued.id })
        const data = { id: issued.id, state: 'waiting' as const }
        return {
          status: 201,
          body: envelope(c, data, deviceActionMessages.deviceActionIssued.id),
        }
      })
      return answerOnce(c, once)
    })
    .signedIn(deviceActionCancel, async (c, { body }) => {
      const now = clock()
      const once = await oncePerKey(c, { db, now }, async (tx) => {
        const cancelled = await cancelAction(tx, { id: body.id, by: c.var.user.id, now })
        if (cancelled.kind === 'notFound') {
          throw new HttpError(404, deviceActionMessages.deviceActionNotFound.id)
        }
        if (cancelled.kind === 'notWaiting') {
          throw new HttpError(409, deviceActionMessages.deviceActionNotWaiting.id)
        }
        await audit(c, deps, tx, {
          action: 'device.actionCancel',
          target: `device:${cancelled.deviceId}`,
          detail: `action ${body.id} ${cancelled.action}`,
        })
        const data = { id: body.id, state: 'cancelled' as const }
        return {
          status: 200,
          body: envelope(c, data, deviceActionMessages.deviceActionCancelled.id),
        }
      })
      return answerOnce(c, once)
    })
    .signedIn(deviceSearch, async (c, { query }) => {
      if (query.figure === 'notCurrentEdition') await settleScheduled(db, clock())
      return ok(c, await searchDevices(db, query, versions()))
    })
    .signedIn(deviceSummary, async (c) => ok(c, await summaryOf(db, versions())))
    .signedIn(deviceRevoke, async (c, { body }) => {
      const revokedAt = await revokeDevice(db, body.id, clock(), (tx) =>
        audit(c, deps, tx, { action: 'device.revoke', target: `device:${body.id}` }),
      )
      if (!revokedAt) throw new HttpError(404, administrationMessages.deviceNotFound.id)
      logEvent(c, 'device.revoked', { by: c.var.user.id, device: body.id })
      return ok(
        c,
        { id: body.id, revokedAt: revokedAt.toISOString() },
        administrationMessages.deviceRevoked.id,
      )
    })
}
