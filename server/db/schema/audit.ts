import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The audit log (docs/behaviour.md#audit-log): append-only, one row per audited act, written in
 * the act's own transaction. `id` is the chain's position (1, 2, 3, … with no gap) and `hmac` the
 * HMAC-SHA256, under `AUDIT_KEY`, of the row's fields and the previous row's `hmac`
 * (server/audit/log.ts), so that a row changed, removed or inserted breaks the chain.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The signed-in user who acted; null for an anonymous act (a failed sign-in). */
    actorId: integer('actor_id'),
    /** The actor's email as it was, or the email a sign-in was attempted with. */
    actor: text('actor').notNull(),
    role: text('role'),
    action: text('action').notNull(),
    /** What was acted on: `user:12`, `store:4`, `voucher:31`, `session:…`, `report:trials`. */
    target: text('target').notNull(),
    outcome: text('outcome').notNull(),
    clientAddress: text('client_address').notNull(),
    /** A few words more (a role change `agent → admin`); never a secret. */
    detail: text('detail'),
    hmac: text('hmac').notNull(),
  },
  (table) => [
    index('audit_log_at_index').on(table.at),
    index('audit_log_action_at_index').on(table.action, table.at),
    check('audit_log_outcome_check', sql`${table.outcome} in ('success', 'failure', 'refused')`),
  ],
)

/**
 * The chain's head: one row (`id` 1) with the last row's position and `hmac`, and `seal`, the HMAC
 * under `AUDIT_KEY` of both (server/audit/log.ts): rows cut from the end cannot be hidden by
 * copying the new last row's `hmac` here, which needs no key. An act locks it (`select … for
 * update`) in its own transaction to append, so appends are serial on every process and database.
 * `seal` is null only between the migration that added it and the first start after it, which
 * seals the head as it finds it.
 */
export const auditHead = pgTable(
  'audit_head',
  {
    id: integer('id').primaryKey(),
    position: integer('position').notNull(),
    hmac: text('hmac').notNull(),
    seal: text('seal'),
  },
  (table) => [check('audit_head_one_row', sql`${table.id} = 1`)],
)
