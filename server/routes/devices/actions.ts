import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import {
  deviceActionExpiryDays,
  deviceActionsShown,
  type DeviceActionBody,
  type DeviceActionRow,
  type DeviceActionState,
} from '#contract/device-actions.ts'
import type { DeliveredAction } from '#contract/delivered-actions.ts'
import { deviceActionKinds, type ActionDone, type DeviceActionKind } from '#contract/devices.ts'
import type { Database } from '../../db/database.ts'
import { appDevices, deviceCredentials } from '../../db/schema/app-devices.ts'
import { deviceActions } from '../../db/schema/device-actions.ts'
import { users } from '../../db/schema/users.ts'

const day = 24 * 60 * 60_000

/** Who issued an action, beside the person a sign-out is for. */
const issuer = alias(users, 'issuer')

/**
 * An action's state as it reads at `now`: a waiting one past its expiry is expired. Expiry is
 * read, never written, so that nothing has to run for an action to expire.
 */
function stateAt(now: Date) {
  return sql<DeviceActionState>`case when ${deviceActions.state} = 'waiting' and ${deviceActions.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired' else ${deviceActions.state} end`
}

/** Waiting and not expired: what a heartbeat delivers and an admin may cancel. */
function waitingAt(now: Date) {
  return and(
    eq(deviceActions.state, 'waiting'),
    or(isNull(deviceActions.expiresAt), gt(deviceActions.expiresAt, now)),
  )
}

/** Whether the device is known: it sent a heartbeat, or a credential was issued for it. */
async function deviceKnown(db: Database, deviceId: string): Promise<boolean> {
  const [seen] = await db
    .select({ id: appDevices.id })
    .from(appDevices)
    .where(eq(appDevices.id, deviceId))
  if (seen) return true
  const [issued] = await db
    .select({ id: deviceCredentials.id })
    .from(deviceCredentials)
    .where(eq(deviceCredentials.deviceId, deviceId))
    .limit(1)
  return issued !== undefined
}

/** Whether the user ever signed in on the device with a credential for it. */
async function userOnDevice(db: Database, deviceId: string, userId: number): Promise<boolean> {
  const [issued] = await db
    .select({ id: deviceCredentials.id })
    .from(deviceCredentials)
    .where(and(eq(deviceCredentials.deviceId, deviceId), eq(deviceCredentials.userId, userId)))
    .limit(1)
  return issued !== undefined
}

export type Issued = { kind: 'issued'; id: number } | { kind: 'noDevice' } | { kind: 'noUser' }

/** Stores a new waiting action; a wipe never expires, every other in `deviceActionExpiryDays`. */
export async function issueAction(
  db: Database,
  { body, issuedBy, now }: { body: DeviceActionBody; issuedBy: number; now: Date },
): Promise<Issued> {
  if (!(await deviceKnown(db, body.deviceId))) return { kind: 'noDevice' }
  if (body.action === 'sign-out' && !(await userOnDevice(db, body.deviceId, body.userId))) {
    return { kind: 'noUser' }
  }
  const [row] = await db
    .insert(deviceActions)
    .values({
      deviceId: body.deviceId,
      action: body.action,
      userId: body.action === 'sign-out' ? body.userId : null,
      text: body.action === 'message' ? body.text : null,
      lost: body.action === 'wipe' ? (body.lost ?? false) : false,
      issuedBy,
      issuedAt: now,
      expiresAt:
        body.action === 'wipe' ? null : new Date(now.getTime() + deviceActionExpiryDays * day),
    })
    .returning({ id: deviceActions.id })
  if (!row) throw new Error('the insert of an action returned no row')
  return { kind: 'issued', id: row.id }
}

export type Cancelled =
  | { kind: 'cancelled'; deviceId: string; action: DeviceActionKind }
  | { kind: 'notFound' }
  | { kind: 'notWaiting' }

/** Cancels an action while it waits (delivered or not); anything else changes nothing. */
export async function cancelAction(
  db: Database,
  { id, by, now }: { id: number; by: number; now: Date },
): Promise<Cancelled> {
  const [row] = await db
    .update(deviceActions)
    .set({ state: 'cancelled', endedAt: now, cancelledBy: by })
    .where(and(eq(deviceActions.id, id), waitingAt(now)))
    .returning({ deviceId: deviceActions.deviceId, action: deviceActions.action })
  if (row) return { kind: 'cancelled', deviceId: row.deviceId, action: kindOf(row.action) }
  const [found] = await db
    .select({ id: deviceActions.id })
    .from(deviceActions)
    .where(eq(deviceActions.id, id))
  return found ? { kind: 'notWaiting' } : { kind: 'notFound' }
}

/**
 * The device's waiting actions, the oldest first, for its heartbeat's answer: each is delivered
 * with every answer until the tablet acknowledges it (an answer may be lost on the way), and the
 * first delivery is recorded.
 */
export async function deliverActions(
  db: Database,
  { deviceId, now }: { deviceId: string; now: Date },
): Promise<DeliveredAction[]> {
  const rows = await db
    .select({
      id: deviceActions.id,
      action: deviceActions.action,
      userId: deviceActions.userId,
      text: deviceActions.text,
      lost: deviceActions.lost,
      issuedAt: deviceActions.issuedAt,
    })
    .from(deviceActions)
    .where(and(eq(deviceActions.deviceId, deviceId), waitingAt(now)))
    .orderBy(deviceActions.id)
  if (rows.length === 0) return []
  await db
    .update(deviceActions)
    .set({ deliveredAt: now })
    .where(
      and(
        inArray(
          deviceActions.id,
          rows.map((row) => row.id),
        ),
        isNull(deviceActions.deliveredAt),
      ),
    )
  return rows.map((row) => {
    const action = kindOf(row.action)
    return {
      id: row.id,
      action,
      ...(action === 'sign-out' && row.userId !== null ? { userId: row.userId } : {}),
      ...(action === 'message' && row.text !== null ? { text: row.text } : {}),
      ...(action === 'wipe' ? { lost: row.lost } : {}),
      issuedAt: new Date(row.issuedAt).toISOString(),
    }
  })
}

export type Acknowledged = { id: number; action: DeviceActionKind; result: ActionDone['result'] }

/**
 * A heartbeat's acknowledgements: each ends an action of this device that was delivered and still
 * waits (even past its expiry: the tablet got it in time). Another device's action, a cancelled
 * or ended one, an id never delivered: ignored. The time is the tablet's, kept between the
 * delivery and now.
 */
export async function acknowledgeActions(
  db: Database,
  { deviceId, done, now }: { deviceId: string; done: readonly ActionDone[]; now: Date },
): Promise<Acknowledged[]> {
  const acknowledged: Acknowledged[] = []
  for (const { id, at, result, detail } of done) {
    const [row] = await db
      .update(deviceActions)
      .set({
        state: result,
        endedAt: sql`greatest(${deviceActions.deliveredAt}, least(${at}::timestamptz, ${now.toISOString()}::timestamptz))`,
        detail: result === 'failed' ? (detail ?? null) : null,
      })
      .where(
        and(
          eq(deviceActions.id, id),
          eq(deviceActions.deviceId, deviceId),
          eq(deviceActions.state, 'waiting'),
          isNotNull(deviceActions.deliveredAt),
        ),
      )
      .returning({ id: deviceActions.id, action: deviceActions.action })
    if (row) acknowledged.push({ id: row.id, action: kindOf(row.action), result })
  }
  return acknowledged
}

/** The last `deviceActionsShown` actions of each device, the newest first. */
export async function lastActionsOf(
  db: Database,
  deviceIds: readonly string[],
  now: Date,
): Promise<Map<string, DeviceActionRow[]>> {
  const byDevice = new Map<string, DeviceActionRow[]>()
  if (deviceIds.length === 0) return byDevice
  const ranked = db
    .select({
      id: deviceActions.id,
      rank: sql<number>`row_number() over (partition by ${deviceActions.deviceId} order by ${deviceActions.issuedAt} desc, ${deviceActions.id} desc)`.as(
        'rank',
      ),
    })
    .from(deviceActions)
    .where(inArray(deviceActions.deviceId, [...deviceIds]))
    .as('ranked')
  const rows = await db
    .select({
      id: deviceActions.id,
      deviceId: deviceActions.deviceId,
      action: deviceActions.action,
      userId: users.id,
      fullname: users.fullname,
      text: deviceActions.text,
      lost: deviceActions.lost,
      state: stateAt(now),
      issuedAt: deviceActions.issuedAt,
      issuerId: issuer.id,
      issuerName: issuer.fullname,
      deliveredAt: deviceActions.deliveredAt,
      endedAt: deviceActions.endedAt,
      expiresAt: deviceActions.expiresAt,
      detail: deviceActions.detail,
    })
    .from(deviceActions)
    .innerJoin(issuer, eq(issuer.id, deviceActions.issuedBy))
    .leftJoin(users, eq(users.id, deviceActions.userId))
    .where(
      inArray(
        deviceActions.id,
        db
          .select({ id: ranked.id })
          .from(ranked)
          .where(sql`${ranked.rank} <= ${deviceActionsShown}`),
      ),
    )
    .orderBy(desc(deviceActions.issuedAt), desc(deviceActions.id))
  for (const row of rows) {
    const list = byDevice.get(row.deviceId) ?? []
    const ended = row.state === 'expired' ? row.expiresAt : row.endedAt
    list.push({
      id: row.id,
      action: kindOf(row.action),
      user:
        row.userId !== null && row.fullname !== null
          ? { id: row.userId, fullname: row.fullname }
          : null,
      text: row.text,
      lost: row.lost,
      state: row.state,
      issuedAt: new Date(row.issuedAt).toISOString(),
      issuedBy: { id: row.issuerId, fullname: row.issuerName },
      deliveredAt: row.deliveredAt === null ? null : new Date(row.deliveredAt).toISOString(),
      endedAt: ended === null ? null : new Date(ended).toISOString(),
      detail: row.detail,
    })
    byDevice.set(row.deviceId, list)
  }
  return byDevice
}

/** The people holding a credential for each device that still works: whom a sign-out may name. */
export async function peopleOf(
  db: Database,
  deviceIds: readonly string[],
  now: Date,
): Promise<Map<string, { id: number; fullname: string }[]>> {
  const byDevice = new Map<string, { id: number; fullname: string }[]>()
  if (deviceIds.length === 0) return byDevice
  const rows = await db
    .selectDistinct({
      deviceId: deviceCredentials.deviceId,
      id: users.id,
      fullname: users.fullname,
    })
    .from(deviceCredentials)
    .innerJoin(users, eq(users.id, deviceCredentials.userId))
    .where(
      and(
        inArray(deviceCredentials.deviceId, [...deviceIds]),
        isNull(deviceCredentials.revokedAt),
        gt(deviceCredentials.expiresAt, now),
      ),
    )
    .orderBy(users.fullname, users.id)
  for (const row of rows) {
    const list = byDevice.get(row.deviceId) ?? []
    list.push({ id: row.id, fullname: row.fullname })
    byDevice.set(row.deviceId, list)
  }
  return byDevice
}

const kindSchema = v.picklist(deviceActionKinds)

/** The `action` column, which its check constraint keeps to the contract's kinds. */
function kindOf(action: string): DeviceActionKind {
  return v.parse(kindSchema, action)
}
