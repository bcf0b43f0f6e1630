import * as v from 'valibot'
import { deviceIdSchema, listOf, pageSchema } from './http.ts'
import { messages } from './messages.ts'

/**
 * The administration of devices (`/devices`, the dashboard's count): admin-only, apart from the
 * heartbeat's body (`devices.ts`), which every tablet sends.
 */

/** Why a device needs someone (`GET /device/search?attention=true`). */
export const attentionReasons = ['oldTrials', 'oldVersion', 'storageFull', 'silent'] as const
export type AttentionReason = (typeof attentionReasons)[number]

export const deviceRowSchema = v.object({
  id: v.string(),
  user: v.object({ id: v.number(), fullname: v.string() }),
  store: v.nullable(v.object({ id: v.number(), name: v.string() })),
  lastSeenAt: v.string(),
  appVersion: v.string(),
  waiting: v.number(),
  needsLogin: v.number(),
  failed: v.number(),
  oldestWaitingAt: v.nullable(v.string()),
  lastSentAt: v.nullable(v.string()),
  storage: v.object({
    usage: v.nullable(v.number()),
    quota: v.nullable(v.number()),
    persisted: v.nullable(v.boolean()),
  }),
  images: v.object({ cached: v.number(), total: v.number() }),
  revokedAt: v.nullable(v.string()),
  attention: v.array(v.picklist(attentionReasons)),
})
export type DeviceRow = v.InferOutput<typeof deviceRowSchema>

export const deviceListSchema = listOf(deviceRowSchema)

/** `?query=&page=&attention=`: `query` finds the last user's name or the device id's start. */
export const deviceSearchQuerySchema = v.object({
  query: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  page: pageSchema,
  attention: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], messages.invalid.id),
      v.transform((text) => text === 'true'),
    ),
    'false',
  ),
})

/** The dashboard's "trials still on devices". */
export const deviceSummarySchema = v.object({
  /** Trials the devices report as not sent yet (waiting, needing sign-in or refused). */
  trials: v.number(),
  /** Devices holding any. */
  devices: v.number(),
  /** Devices that need someone. */
  attention: v.number(),
})

/** `POST /device/revoke { id }`: the device's credentials stop working at once. */
export const deviceRevokeBodySchema = v.object({ id: deviceIdSchema })
export const deviceRevokedSchema = v.object({ id: v.string(), revokedAt: v.string() })

/** Whether a device's storage is fuller than an admin should leave it. */
export const storageAttentionShare = 0.8
/** How old a waiting trial may get before its device needs someone, in hours. */
export const oldTrialHours = 24
/** How long a device holding trials may stay silent before it needs someone, in days. */
export const silentDays = 3
