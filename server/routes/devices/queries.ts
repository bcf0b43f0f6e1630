import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { isBelowMinimum, noMinimumAppVersion } from '#contract/app-version.ts'
import { type Heartbeat } from '#contract/devices.ts'
import {
  fleetSilentHours,
  oldTrialHours,
  silentDays,
  storageAttentionShare,
  type AttentionReason,
  type DeviceRow,
  type Fleet,
  type FleetFigure,
} from '#contract/device-admin.ts'
import { pageSize } from '#contract/http.ts'
import type { Database } from '../../db/database.ts'
import { appDevices } from '../../db/schema/app-devices.ts'
import { stores } from '../../db/schema/stores.ts'
import { users } from '../../db/schema/users.ts'
import { containsFolded } from '../../db/text-search.ts'
import { inUseEditionId } from '../content/editions.ts'
import { lastActionsOf, peopleOf } from './actions.ts'

const hour = 60 * 60_000

/**
 * A device's heartbeat: its one row, written over. A heartbeat can only come with a credential
 * that works, so a device revoked before and signed in again since is no longer shown revoked.
 */
export async function recordHeartbeat(
  db: Database,
  {
    deviceId,
    userId,
    now,
    heartbeat,
  }: {
    deviceId: string
    userId: number
    now: Date
    heartbeat: Heartbeat
  },
): Promise<void> {
  const values = {
    userId,
    lastSeenAt: now,
    appVersion: heartbeat.appVersion,
    waiting: heartbeat.waiting,
    needsLogin: heartbeat.needsLogin,
    failed: heartbeat.failed,
    oldestWaitingAt: heartbeat.oldestWaitingAt ? new Date(heartbeat.oldestWaitingAt) : null,
    lastSentAt: heartbeat.lastSentAt ? new Date(heartbeat.lastSentAt) : null,
    storageUsage: heartbeat.storage.usage,
    storageQuota: heartbeat.storage.quota,
    storagePersisted: heartbeat.storage.persisted,
    imagesCached: heartbeat.images.cached,
    imagesTotal: heartbeat.images.total,
    // Builds before editions send none: what an earlier heartbeat told stays.
    ...(heartbeat.contentEdition !== undefined ? { contentEdition: heartbeat.contentEdition } : {}),
    revokedAt: null,
  }
  await db
    .insert(appDevices)
    .values({ id: deviceId, ...values })
    .onConflictDoUpdate({ target: appDevices.id, set: values })
}

/** The trials a device holds, whatever their state. */
const held = sql`(${appDevices.waiting} + ${appDevices.needsLogin} + ${appDevices.failed})`

/**
 * The attention rules (docs/behaviour.md#devices), each a condition on a device's row. A version
 * below the minimum is told by the versions the devices report, ordered as the app orders them
 * (`isBelowMinimum`), so that the list still pages in SQL.
 */
async function attentionRules(db: Database, now: Date, minAppVersion: string) {
  let oldVersions: string[] = []
  if (minAppVersion !== noMinimumAppVersion) {
    const versions = await db.selectDistinct({ version: appDevices.appVersion }).from(appDevices)
    oldVersions = versions
      .map(({ version }) => version)
      .filter((version) => isBelowMinimum(version, minAppVersion))
  }
  const rules: Record<AttentionReason, SQL> = {
    oldTrials: sql`(${held} > 0 and ${appDevices.oldestWaitingAt} < ${new Date(now.getTime() - oldTrialHours * hour).toISOString()}::timestamptz)`,
    oldVersion: oldVersions.length > 0 ? inArray(appDevices.appVersion, oldVersions) : sql`false`,
    storageFull: sql`coalesce(${appDevices.storageQuota} > 0 and ${appDevices.storageUsage} > ${appDevices.storageQuota} * ${storageAttentionShare}::float8, false)`,
    silent: sql`(${held} > 0 and ${appDevices.lastSeenAt} < ${new Date(now.getTime() - silentDays * 24 * hour).toISOString()}::timestamptz)`,
  }
  return rules
}

/**
 * The fleet's figures (docs/behaviour.md#devices), each a condition on a device's row that is not
 * revoked: the list behind a figure counts what the figure counts. The edition in use is read as
 * it stands: the caller publishes the scheduled editions due first (`settleScheduled`).
 */
function fleetRules(now: Date, latestVersion: string): Record<FleetFigure, SQL> {
  const counted = sql`${appDevices.revokedAt} is null`
  return {
    notLatest: sql`(${counted} and ${appDevices.appVersion} <> ${latestVersion})`,
    notCurrentEdition: sql`(${counted} and ${appDevices.contentEdition} is distinct from ${inUseEditionId})`,
    unsent: sql`(${counted} and ${held} > 0)`,
    storage: sql`(${counted} and (${appDevices.storagePersisted} = false or coalesce(${appDevices.storageQuota} > 0 and ${appDevices.storageUsage} > ${appDevices.storageQuota} * ${storageAttentionShare}::float8, false)))`,
    silent: sql`(${counted} and ${appDevices.lastSeenAt} < ${new Date(now.getTime() - fleetSilentHours * hour).toISOString()}::timestamptz)`,
  }
}

export type DeviceFilter = {
  query: string
  page: number
  attention: boolean
  figure?: FleetFigure | undefined
}

type Versions = { now: Date; minAppVersion: string; appVersion: string }

/**
 * The devices, those holding the oldest trials first, with why each needs someone, who may be
 * signed out on it and its last actions.
 */
export async function searchDevices(
  db: Database,
  filter: DeviceFilter,
  { now, minAppVersion, appVersion }: Versions,
): Promise<{ rows: DeviceRow[]; count: number }> {
  const rules = await attentionRules(db, now, minAppVersion)
  const conditions: SQL[] = []
  if (filter.figure) conditions.push(fleetRules(now, appVersion)[filter.figure])
  if (filter.query) {
    const found = or(
      containsFolded(users.fullname, filter.query),
      sql`${appDevices.id}::text like ${`${filter.query.toLowerCase().replace(/[\\%_]/g, '')}%`}`,
    )
    if (found) conditions.push(found)
  }
  if (filter.attention) {
    const any = or(...Object.values(rules))
    if (any) conditions.push(any)
  }
  const where = and(...conditions)
  const rows = await db
    .select({
      id: appDevices.id,
      userId: users.id,
      fullname: users.fullname,
      storeId: stores.id,
      storeName: stores.name,
      lastSeenAt: appDevices.lastSeenAt,
      appVersion: appDevices.appVersion,
      waiting: appDevices.waiting,
      needsLogin: appDevices.needsLogin,
      failed: appDevices.failed,
      oldestWaitingAt: appDevices.oldestWaitingAt,
      lastSentAt: appDevices.lastSentAt,
      usage: appDevices.storageUsage,
      quota: appDevices.storageQuota,
      persisted: appDevices.storagePersisted,
      cached: appDevices.imagesCached,
      total: appDevices.imagesTotal,
      contentEdition: appDevices.contentEdition,
      revokedAt: appDevices.revokedAt,
      oldTrials: sql<boolean>`${rules.oldTrials}`,
      oldVersion: sql<boolean>`${rules.oldVersion}`,
      storageFull: sql<boolean>`${rules.storageFull}`,
      silent: sql<boolean>`${rules.silent}`,
    })
    .from(appDevices)
    .innerJoin(users, eq(users.id, appDevices.userId))
    .leftJoin(stores, eq(stores.id, users.expertStoreId))
    .where(where)
    .orderBy(
      sql`${appDevices.oldestWaitingAt} asc nulls last`,
      desc(appDevices.lastSeenAt),
      asc(appDevices.id),
    )
    .limit(pageSize)
    .offset((filter.page - 1) * pageSize)
  const [total] = await db
    .select({ count: count() })
    .from(appDevices)
    .innerJoin(users, eq(users.id, appDevices.userId))
    .where(where)
  const ids = rows.map((row) => row.id)
  const [actions, people] = await Promise.all([lastActionsOf(db, ids, now), peopleOf(db, ids, now)])
  return {
    rows: rows.map((row) => ({
      ...toDeviceRow(row),
      people: people.get(row.id) ?? [],
      actions: actions.get(row.id) ?? [],
    })),
    count: total?.count ?? 0,
  }
}

type Row = {
  id: string
  userId: number
  fullname: string
  storeId: number | null
  storeName: string | null
  lastSeenAt: Date
  appVersion: string
  waiting: number
  needsLogin: number
  failed: number
  oldestWaitingAt: Date | null
  lastSentAt: Date | null
  usage: number | null
  quota: number | null
  persisted: boolean | null
  cached: number
  total: number
  contentEdition: number | null
  revokedAt: Date | null
} & Record<AttentionReason, boolean>

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString())

function toDeviceRow(row: Row): Omit<DeviceRow, 'people' | 'actions'> {
  const reasons: AttentionReason[] = ['oldTrials', 'oldVersion', 'storageFull', 'silent']
  return {
    id: row.id,
    user: { id: row.userId, fullname: row.fullname },
    store:
      row.storeId !== null && row.storeName !== null
        ? { id: row.storeId, name: row.storeName }
        : null,
    lastSeenAt: new Date(row.lastSeenAt).toISOString(),
    appVersion: row.appVersion,
    waiting: row.waiting,
    needsLogin: row.needsLogin,
    failed: row.failed,
    oldestWaitingAt: iso(row.oldestWaitingAt),
    lastSentAt: iso(row.lastSentAt),
    storage: {
      usage: row.usage,
      quota: row.quota,
      persisted: row.persisted,
    },
    images: { cached: row.cached, total: row.total },
    contentEdition: row.contentEdition,
    revokedAt: iso(row.revokedAt),
    attention: reasons.filter((reason) => row[reason]),
  }
}

/** The dashboard's "trials still on devices". */
export async function deviceSummary(db: Database, { now, minAppVersion }: Versions) {
  const rules = await attentionRules(db, now, minAppVersion)
  const [row] = await db
    .select({
      trials: sql<number>`coalesce(sum(${held}), 0)::integer`,
      devices: sql<number>`(count(*) filter (where ${held} > 0))::integer`,
      attention: sql<number>`(count(*) filter (where ${or(...Object.values(rules))}))::integer`,
    })
    .from(appDevices)
  return { trials: row?.trials ?? 0, devices: row?.devices ?? 0, attention: row?.attention ?? 0 }
}

/**
 * The fleet's figures over the devices not revoked, after `settleScheduled`. The 95th percentile
 * of the oldest unsent trials' ages is the 5th of their capture times: 95 % of the tablets holding
 * trials hold none older.
 */
export async function fleetFigures(
  db: Database,
  { now, appVersion }: { now: Date; appVersion: string },
): Promise<Fleet> {
  const rules = fleetRules(now, appVersion)
  const [row] = await db
    .select({
      devices: sql<number>`(count(*) filter (where ${appDevices.revokedAt} is null))::integer`,
      notLatest: sql<number>`(count(*) filter (where ${rules.notLatest}))::integer`,
      edition: inUseEditionId,
      notCurrentEdition: sql<number>`(count(*) filter (where ${rules.notCurrentEdition}))::integer`,
      unsent: sql<number>`(count(*) filter (where ${rules.unsent}))::integer`,
      worstAt: sql<
        Date | string | null
      >`min(${appDevices.oldestWaitingAt}) filter (where ${rules.unsent})`,
      p95At: sql<
        Date | string | null
      >`percentile_disc(0.05) within group (order by ${appDevices.oldestWaitingAt}) filter (where ${rules.unsent} and ${appDevices.oldestWaitingAt} is not null)`,
      storage: sql<number>`(count(*) filter (where ${rules.storage}))::integer`,
      silent: sql<number>`(count(*) filter (where ${rules.silent}))::integer`,
    })
    .from(appDevices)
  const devices = row?.devices ?? 0
  const edition = row?.edition ?? null
  return {
    devices,
    latestVersion: appVersion,
    onLatest: devices - (row?.notLatest ?? 0),
    contentEdition:
      edition === null ? null : { id: edition, on: devices - (row?.notCurrentEdition ?? 0) },
    unsent: {
      devices: row?.unsent ?? 0,
      worstAt: iso(row?.worstAt ?? null),
      p95At: iso(row?.p95At ?? null),
    },
    storage: row?.storage ?? 0,
    silent: row?.silent ?? 0,
  }
}
