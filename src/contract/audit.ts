import * as v from 'valibot'
import { calendarDay, daysInOrder, listOf, pageSchema } from './http.ts'
import { roleSchema } from './roles.ts'
import { administrationMessages } from './administration-messages.ts'

/**
 * The acts the audit log records (docs/behaviour.md#audit-log), one row each. A sign-in is one
 * act whatever its outcome: `success`, `failure` (wrong email or password) or `refused` (locked
 * out after too many failures).
 */
export const auditActions = [
  'auth.signIn',
  'auth.signOut',
  'auth.passwordChange',
  'auth.passwordReset',
  'auth.passwordSetup',
  'user.create',
  'user.update',
  'user.roleChange',
  'user.delete',
  'store.create',
  'store.update',
  'store.delete',
  'store.archive',
  'store.checkIn',
  'store.checkOut',
  'voucher.redeem',
  'report.export',
  'session.revoke',
  'device.revoke',
  'device.action',
  'device.actionCancel',
  'device.actionDone',
  'customer.read',
  'customer.erase',
  'trial.retention',
  'trial.review',
  'trial.correct',
  'quarantine.accept',
  'quarantine.reject',
  'content.create',
  'content.update',
  'content.publish',
  'content.cancel',
  'content.delete',
  'pack.imageUpload',
  'pack.create',
  'pack.update',
  'pack.retire',
  'product.create',
  'product.update',
  'product.retire',
  'audit.break',
  'database.restore',
] as const
export type AuditAction = (typeof auditActions)[number]

export const auditOutcomes = ['success', 'failure', 'refused'] as const
export type AuditOutcome = (typeof auditOutcomes)[number]

/** One row of the log as `GET /audit/search` answers it. */
export const auditRowSchema = v.object({
  id: v.number(),
  at: v.string(),
  actorId: v.nullable(v.number()),
  actor: v.string(),
  role: v.nullable(roleSchema),
  action: v.picklist(auditActions),
  target: v.string(),
  outcome: v.picklist(auditOutcomes),
  clientAddress: v.string(),
  detail: v.nullable(v.string()),
})
export type AuditRow = v.InferOutput<typeof auditRowSchema>
export const auditListSchema = listOf(auditRowSchema)

/**
 * `GET /audit/search?query=&page=&action=&startAt=&endAt=`: rows whose actor, target or detail
 * holds `query`, of one action when given, within the days (in `TIME_ZONE`); newest first.
 */
export const auditQuerySchema = v.pipe(
  v.object({
    query: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
    page: pageSchema,
    action: v.optional(v.picklist(auditActions)),
    startAt: v.optional(calendarDay()),
    endAt: v.optional(calendarDay()),
  }),
  daysInOrder(),
)
export type AuditQuery = v.InferOutput<typeof auditQuerySchema>

/**
 * `GET /audit/verify?checkpoint=`: a checkpoint printed by `npm run audit:checkpoint`, checked to
 * be still in the chain (docs/behaviour.md#audit-log).
 */
export const auditVerifyQuerySchema = v.object({
  checkpoint: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(200, administrationMessages.auditCheckpointInvalid.id),
    ),
  ),
})
export type AuditVerifyQuery = v.InferOutput<typeof auditVerifyQuerySchema>

/**
 * `GET /audit/verify`: whether every row's HMAC holds and the chain is whole; `firstBrokenId` the
 * first position that does not (a changed row, the first one missing or forged past the head),
 * null when the chain holds; `breaks` the positions where appends found and recorded a break
 * (`audit.break`). `ok` only when both are empty.
 */
export const auditVerifySchema = v.object({
  ok: v.boolean(),
  count: v.number(),
  firstBrokenId: v.nullable(v.number()),
  breaks: v.array(v.number()),
})
export type AuditVerify = v.InferOutput<typeof auditVerifySchema>
