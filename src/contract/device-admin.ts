import * as v from 'valibot'
import { deviceActionRowSchema } from './device-actions.ts'
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
  /** The content edition its last heartbeat reported (null: none held, or a build before). */
  contentEdition: v.nullable(v.number()),
  revokedAt: v.nullable(v.string()),
  attention: v.array(v.picklist(attentionReasons)),
  /** The people who signed in on it with a credential still working: whom "Sign out" may name. */
  people: v.array(v.object({ id: v.number(), fullname: v.string() })),
  /** Its last actions (`deviceActionsShown`), the newest first. */
  actions: v.array(deviceActionRowSchema),
})
export type DeviceRow = v.InferOutput<typeof deviceRowSchema>

export const deviceListSchema = listOf(deviceRowSchema)

/**
 * The fleet's figures that open a list of their tablets (`GET /device/search?figure=`): not on the
 * latest version, not on the content edition in use, holding unsent trials, storage not persistent
 * or nearly full, not heard from for more than a day.
 */
export const fleetFigures = [
  'notLatest',
  'notCurrentEdition',
  'unsent',
  'storage',
  'silent',
] as const
export type FleetFigure = (typeof fleetFigures)[number]

/**
 * `?query=&page=&attention=&figure=`: `query` finds the last user's name or the device id's start;
 * `figure` keeps the tablets behind one of the fleet's figures.
 */
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
  figure: v.optional(v.picklist(fleetFigures, messages.invalid.id)),
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

/**
 * `GET /device/fleet`: the figures the Devices screen opens with, over the tablets not revoked.
 * Each but `devices` and `latestVersion` opens its list (`fleetFigures`).
 */
export const fleetSchema = v.object({
  /** The tablets counted: every device not revoked. */
  devices: v.number(),
  /** The server's own version, the one a tablet updates to. */
  latestVersion: v.string(),
  /** How many run it. */
  onLatest: v.number(),
  /**
   * The content edition in use (`id`) and how many tablets report holding it (`on`); null when
   * none is published.
   */
  contentEdition: v.nullable(v.object({ id: v.number(), on: v.number() })),
  /** The tablets holding unsent trials, and the capture time of the oldest (worst, 95th percentile). */
  unsent: v.object({
    devices: v.number(),
    worstAt: v.nullable(v.string()),
    p95At: v.nullable(v.string()),
  }),
  /** Tablets whose storage is not persistent or fuller than `storageAttentionShare`. */
  storage: v.number(),
  /** Tablets not heard from for more than `fleetSilentHours`. */
  silent: v.number(),
})
export type Fleet = v.InferOutput<typeof fleetSchema>

/** How long a tablet may stay silent before the fleet's figures count it, in hours. */
export const fleetSilentHours = 24

/** `POST /device/revoke { id }`: the device's credentials stop working at once. */
export const deviceRevokeBodySchema = v.object({ id: deviceIdSchema })
export const deviceRevokedSchema = v.object({ id: v.string(), revokedAt: v.string() })

/** Whether a device's storage is fuller than an admin should leave it. */
export const storageAttentionShare = 0.8
/** How old a waiting trial may get before its device needs someone, in hours. */
export const oldTrialHours = 24
/** How long a device holding trials may stay silent before it needs someone, in days. */
export const silentDays = 3
