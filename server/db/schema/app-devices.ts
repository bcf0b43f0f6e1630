import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, generatedId } from './columns.ts'
import { userId } from './users.ts'

/**
 * The device credentials (docs/behaviour.md#devices): issued at sign-in for one device id and one
 * user, kept here so that revoking one applies at once in every process. Only the sha256 of the
 * credential is stored. Signing out, a new password or a disabled user leave it as it is: only an
 * admin revoking the device ends it, or its 60 days.
 */
export const deviceCredentials = pgTable(
  'device_credentials',
  {
    id: generatedId(),
    deviceId: uuid('device_id').notNull(),
    userId: userId(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('device_credentials_token_hash_unique').on(table.tokenHash),
    index('device_credentials_device_index').on(table.deviceId),
  ],
)

/**
 * The secret each device id is bound to (docs/security.md#device-ids): made on the device with its
 * id and sent with every sign-in that names the id, of which only the sha256 is kept. The first
 * sign-in with a secret registers it; a sign-in naming the id with another secret gets a new id.
 * Devices of builds that send no secret have no row, and cannot take over one that has.
 */
export const deviceSecrets = pgTable('device_secrets', {
  deviceId: uuid('device_id').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  createdAt: createdAt(),
})

/**
 * Each device of the app (a tablet, not a customer's device) as its last heartbeat told it: one row per device id, written over by the next. Counts and sizes
 * are as the device reported them.
 */
export const appDevices = pgTable(
  'app_devices',
  {
    id: uuid('id').primaryKey(),
    /** The user whose credential sent the last heartbeat. */
    userId: userId(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    appVersion: text('app_version').notNull(),
    waiting: integer('waiting').notNull(),
    needsLogin: integer('needs_login').notNull(),
    failed: integer('failed').notNull(),
    oldestWaitingAt: timestamp('oldest_waiting_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    storageUsage: bigint('storage_usage', { mode: 'number' }),
    storageQuota: bigint('storage_quota', { mode: 'number' }),
    storagePersisted: boolean('storage_persisted'),
    imagesCached: integer('images_cached').notNull(),
    imagesTotal: integer('images_total').notNull(),
    /** The content edition the device holds (the editions' issue): null from builds before. */
    contentEdition: integer('content_edition'),
    /** When an admin last revoked the device's credentials. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('app_devices_last_seen_index').on(table.lastSeenAt),
    check(
      'app_devices_counts_check',
      sql`${table.waiting} >= 0 and ${table.needsLogin} >= 0 and ${table.failed} >= 0`,
    ),
  ],
)
