import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AuditAction, AuditOutcome } from '../../contract/audit.ts'

/** The audit log's acts, as the screen names them (docs/behaviour.md#audit-log). */
export const auditActionLabels: Record<AuditAction, MessageDescriptor> = {
  'auth.signIn': msg`Sign-in`,
  'auth.signOut': msg`Sign-out`,
  'auth.passwordChange': msg`Password changed`,
  'auth.passwordReset': msg`Password reset`,
  'auth.passwordSetup': msg`Password set`,
  'user.create': msg`User created`,
  'user.update': msg`User changed`,
  'user.roleChange': msg`Role changed`,
  'user.delete': msg`User deleted`,
  'store.create': msg`Store created`,
  'store.update': msg`Store changed`,
  'store.delete': msg`Store deleted`,
  'store.archive': msg`Store archived`,
  'store.checkIn': msg`Check-in`,
  'store.checkOut': msg`Check-out`,
  'voucher.redeem': msg`Voucher redeemed`,
  'report.export': msg`Report exported`,
  'session.revoke': msg`Session ended by an administrator`,
  'device.revoke': msg`Device revoked`,
  'customer.read': msg`Customer profile opened`,
  'audit.break': msg`Audit log tampering found`,
  'database.restore': msg`Database restored from a backup`,
}

export const auditOutcomeLabels: Record<AuditOutcome, MessageDescriptor> = {
  success: msg`Done`,
  failure: msg`Failed`,
  refused: msg`Refused (locked out)`,
}
