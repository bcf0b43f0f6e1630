import { desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import {
  voucherLogEntrySchema,
  type Voucher,
  type VoucherLog,
  type VoucherLogEntry,
  type VoucherStatus,
} from '#contract/vouchers.ts'
import type { Database } from '../../db/database.ts'
import { batchedPerTurn } from '../../db/batched-per-turn.ts'
import { preparedPerDatabase } from '../../db/prepared.ts'
import { customers } from '../../db/schema/customers.ts'
import { voucherLog, vouchers } from '../../db/schema/vouchers.ts'

/** Codes are stored in upper case and looked up without regard to case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase()
}

/** The status as of `now`: a valid voucher past its expiry is expired. */
export function statusAt(
  row: { status: VoucherStatus; expiresAt: Date },
  now: Date,
): VoucherStatus {
  return row.status === 'valid' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status
}

/** A stored voucher's own fields as the API answers them, its status as of `now`. */
export function voucherFields(
  row: {
    id: number
    code: string
    type: Voucher['type']
    amount: NonNullable<Voucher['value']>['amount'] | null
    currency: NonNullable<Voucher['value']>['currency'] | null
    status: VoucherStatus
    expiresAt: Date
    usedAt: Date | null
  },
  now: Date,
): Pick<Voucher, 'id' | 'code' | 'type' | 'value' | 'status' | 'expiresAt' | 'usedAt'> {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value:
      row.amount !== null && row.currency !== null
        ? { amount: row.amount, currency: row.currency }
        : null,
    status: statusAt(row, now),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
  }
}

const godfathers = alias(customers, 'godfathers')

const voucherColumns = {
  id: vouchers.id,
  code: vouchers.code,
  type: vouchers.type,
  amount: vouchers.amount,
  currency: vouchers.currency,
  status: vouchers.status,
  expiresAt: vouchers.expiresAt,
  usedAt: vouchers.usedAt,
  godfatherId: godfathers.id,
  godfatherName: godfathers.fullname,
  godfatherEmail: godfathers.email,
  godfatherReferralCode: godfathers.referralCode,
}

async function logEntries(db: Database, voucherId: number): Promise<VoucherLogEntry[]> {
  const rows = await db
    .select({
      id: voucherLog.id,
      code: voucherLog.code,
      date: voucherLog.date,
      type: voucherLog.type,
      customerEmail: voucherLog.customerEmail,
      expert: voucherLog.expert,
      store: voucherLog.store,
    })
    .from(voucherLog)
    .where(eq(voucherLog.voucherId, voucherId))
    .orderBy(desc(voucherLog.date), desc(voucherLog.id))
  return rows.map((row) => ({ ...row, date: row.date.toISOString() }))
}

/**
 * The log of the voucher the query is on, newest first, as JSON built by the database: the voucher
 * and its log in one round trip. Times as `toISOString()` writes them.
 */
const logOfRow = sql<unknown>`coalesce((
  select json_agg(json_build_object(
    'id', ${voucherLog.id},
    'code', ${voucherLog.code},
    'date', to_char(${voucherLog.date} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'type', ${voucherLog.type},
    'customerEmail', ${voucherLog.customerEmail},
    'expert', ${voucherLog.expert},
    'store', ${voucherLog.store}
  ) order by ${voucherLog.date} desc, ${voucherLog.id} desc)
  from ${voucherLog} where ${voucherLog.voucherId} = ${vouchers.id}
), '[]'::json)`

function voucherQuery(db: Database) {
  return db
    .select({ ...voucherColumns, log: logOfRow })
    .from(vouchers)
    .leftJoin(godfathers, eq(godfathers.id, vouchers.godfatherId))
}

type VoucherRow = Awaited<ReturnType<typeof voucherQuery>>[number]

function toVoucher(row: VoucherRow, now: Date): Voucher {
  const { godfatherId, godfatherName, godfatherEmail, godfatherReferralCode } = row
  return {
    ...voucherFields(row, now),
    godfather:
      godfatherId !== null && godfatherName !== null && godfatherReferralCode !== null
        ? {
            id: godfatherId,
            fullname: godfatherName,
            email: godfatherEmail,
            referralCode: godfatherReferralCode,
          }
        : null,
    log: v.parse(v.array(voucherLogEntrySchema), row.log),
  }
}

export async function findVoucherById(
  db: Database,
  id: number,
  now: Date,
): Promise<Voucher | null> {
  const [row] = await voucherQuery(db).where(eq(vouchers.id, id))
  return row ? toVoucher(row, now) : null
}

/** The voucher search's query, for the codes searched in one turn: the query a store runs most. */
const vouchersByCode = preparedPerDatabase((db) =>
  voucherQuery(db)
    .where(sql`${vouchers.code} = any(${sql.placeholder('codes')}::text[])`)
    .prepare('vouchers_by_code'),
)

const searchedVoucher = batchedPerTurn(async (db: Database, codes: string[]) => {
  const rows = await vouchersByCode(db).execute({ codes })
  return new Map(rows.map((row) => [row.code, row]))
})

/** The voucher search (`GET /voucher/search`): read with the other searches of the same turn. */
export async function findVoucherByCode(
  db: Database,
  code: string,
  now: Date,
): Promise<Voucher | null> {
  const row = await searchedVoucher(db, normalizeCode(code))
  return row ? toVoucher(row, now) : null
}

/** A voucher's log, newest first; null when there is no such voucher. */
export async function voucherLogOf(db: Database, id: number): Promise<VoucherLog | null> {
  const [voucher] = await db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.id, id))
  if (!voucher) return null
  const rows = await logEntries(db, voucher.id)
  return { rows, count: rows.length }
}
