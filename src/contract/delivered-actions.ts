import * as v from 'valibot'
import { deviceActionKinds } from './devices.ts'

/**
 * An action as the heartbeat's answer delivers it (docs/api.md#remote-actions): `userId` for
 * `sign-out`, `text` for `message`, `lost` for `wipe` (act at once, even inside a wizard). In a
 * chunk of its own with the tablet's remote actions (vite.config.ts), which load only when an
 * answer carries some: the heartbeat's own entry answers them as `unknown`.
 */
export const deliveredActionSchema = v.object({
  id: v.number(),
  action: v.picklist(deviceActionKinds),
  userId: v.optional(v.number()),
  text: v.optional(v.string()),
  lost: v.optional(v.boolean()),
  issuedAt: v.string(),
})
export type DeliveredAction = v.InferOutput<typeof deliveredActionSchema>
