import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, asc, eq, gt, isNull, max, sql } from 'drizzle-orm'
import type { User } from '#contract/auth.ts'
import type { UserDevice } from '#contract/users.ts'
import { deviceCredentialDays } from '#contract/devices.ts'
import type { Database } from '../db/database.ts'
import { preparedPerDatabase } from '../db/prepared.ts'
import { appDevices, deviceCredentials, deviceSecrets } from '../db/schema/app-devices.ts'
import { stores } from '../db/schema/stores.ts'
import { users } from '../db/schema/users.ts'
import { toUser, userColumns } from './users.ts'

const day = 24 * 60 * 60_000

function hashOf(credential: string): string {
  return createHash('sha256').update(credential).digest('hex')
}

/**
 * The device id a sign-in's credential is issued for (docs/security.md#device-ids). An id is bound
 * to the first secret it is named with (only its sha256 is kept); named with that secret again it
 * is the same device. Named with another secret, or with none once it has one, it is someone
 * else's tablet: the caller gets a new id, bound to the secret it sent, if any. An id never named
 * with a secret (builds before secrets) stays as it is.
 */
export async function bindDeviceId(
  db: Database,
  deviceId: string,
  secret: string | undefined,
): Promise<string> {
  if (secret === undefined) {
    const [bound] = await db
      .select({ deviceId: deviceSecrets.deviceId })
      .from(deviceSecrets)
      .where(eq(deviceSecrets.deviceId, deviceId))
    return bound ? randomUUID() : deviceId
  }
  const secretHash = hashOf(secret)
  // Of two first sign-ins with one id, one registers its secret; the other reads it.
  await db.insert(deviceSecrets).values({ deviceId, secretHash }).onConflictDoNothing()
  const [bound] = await db
    .select({ secretHash: deviceSecrets.secretHash })
    .from(deviceSecrets)
    .where(eq(deviceSecrets.deviceId, deviceId))
  if (bound && timingSafeEqual(Buffer.from(bound.secretHash), Buffer.from(secretHash))) {
    return deviceId
  }
  const newId = randomUUID()
  await db.insert(deviceSecrets).values({ deviceId: newId, secretHash })
  return newId
}

/**
 * A new credential for a device and a user (docs/behaviour.md#devices): 32 random bytes,
 * base64url, of which only the sha256 is kept. Earlier ones of the same device and user keep
 * working until their own end: a trial already on its way with one is not refused.
 */
export async function issueDeviceCredential(
  db: Database,
  { deviceId, userId, now }: { deviceId: string; userId: number; now: Date },
): Promise<string> {
  const credential = randomBytes(32).toString('base64url')
  await db.insert(deviceCredentials).values({
    deviceId,
    userId,
    tokenHash: hashOf(credential),
    createdAt: now,
    expiresAt: new Date(now.getTime() + deviceCredentialDays * day),
  })
  return credential
}

/**
 * A credential's device and user, read on every request that carries one so that a revocation
 * applies at once in every process. The user is read even when deleted or disabled since: the
 * trials they finished before still count.
 */
const credentialQuery = preparedPerDatabase((db) =>
  db
    .select({ deviceId: deviceCredentials.deviceId, ...userColumns })
    .from(deviceCredentials)
    .innerJoin(users, eq(users.id, deviceCredentials.userId))
    .leftJoin(stores, eq(stores.id, users.expertStoreId))
    .where(
      and(
        eq(deviceCredentials.tokenHash, sql.placeholder('hash')),
        isNull(deviceCredentials.revokedAt),
        sql`${deviceCredentials.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
      ),
    )
    .prepare('find_device_credential'),
)

export type DeviceCaller = { deviceId: string; user: User }

export async function readDeviceCredential(
  db: Database,
  credential: string,
  now: Date,
): Promise<DeviceCaller | null> {
  const [row] = await credentialQuery(db).execute({
    hash: hashOf(credential),
    now: now.toISOString(),
  })
  if (!row) return null
  const { deviceId, ...user } = row
  return { deviceId, user: toUser(user) }
}

/**
 * The devices where a user holds a credential that still works (not revoked, not expired), with
 * what each one's last heartbeat told (nothing before its first), those seen last first.
 */
export async function listUserDevices(
  db: Database,
  userId: number,
  now: Date,
): Promise<UserDevice[]> {
  const rows = await db
    .selectDistinct({
      id: deviceCredentials.deviceId,
      lastSeenAt: appDevices.lastSeenAt,
      waiting: appDevices.waiting,
    })
    .from(deviceCredentials)
    .leftJoin(appDevices, eq(appDevices.id, deviceCredentials.deviceId))
    .where(
      and(
        eq(deviceCredentials.userId, userId),
        isNull(deviceCredentials.revokedAt),
        gt(deviceCredentials.expiresAt, now),
      ),
    )
    .orderBy(sql`${appDevices.lastSeenAt} desc nulls last`, asc(deviceCredentials.deviceId))
  return rows.map((row) => ({
    id: row.id,
    lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt).toISOString(),
    waiting: row.waiting,
  }))
}

/**
 * Revokes every credential of a device, at once; answers when the device was first revoked, or
 * null when no credential was ever issued for it. A second revocation changes nothing.
 */
export async function revokeDevice(
  db: Database,
  deviceId: string,
  now: Date,
  /** Runs in the revocation's transaction when it revoked something (the audit log's row). */
  recordRevocation: (tx: Database) => Promise<void>,
): Promise<Date | null> {
  return db.transaction(async (tx) => {
    const issued = await tx
      .select({ id: deviceCredentials.id })
      .from(deviceCredentials)
      .where(eq(deviceCredentials.deviceId, deviceId))
      .limit(1)
    if (issued.length === 0) return null
    const revoked = await tx
      .update(deviceCredentials)
      .set({ revokedAt: now })
      .where(and(eq(deviceCredentials.deviceId, deviceId), isNull(deviceCredentials.revokedAt)))
      .returning({ id: deviceCredentials.id })
    if (revoked.length > 0) await recordRevocation(tx)
    // The latest revocation: a second one revoked nothing more, and answers the same.
    const [last] = await tx
      .select({ at: max(deviceCredentials.revokedAt) })
      .from(deviceCredentials)
      .where(eq(deviceCredentials.deviceId, deviceId))
    const revokedAt = last?.at ? new Date(last.at) : now
    await tx.update(appDevices).set({ revokedAt }).where(eq(appDevices.id, deviceId))
    return revokedAt
  })
}
