import { and, asc, count, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import { pageSize } from '#contract/http.ts'
import type { Role } from '#contract/roles.ts'
import type { ManagedUser } from '#contract/users.ts'
import { emailIs } from '../../auth/users.ts'
import type { Database } from '../../db/database.ts'
import { stores } from '../../db/schema/stores.ts'
import { users } from '../../db/schema/users.ts'
import { containsFolded } from '../../db/text-search.ts'
import { closeOpenLog } from '../stores/log-queries.ts'

const managedColumns = {
  id: users.id,
  role: users.role,
  fullname: users.fullname,
  email: users.email,
  phone: users.phone,
  storeId: stores.id,
  storeName: stores.name,
  active: sql<boolean>`${users.passwordHash} is not null`,
  createdAt: users.createdAt,
}

type ManagedRow = Omit<ManagedUser, 'expertStore' | 'createdAt'> & {
  storeId: number | null
  storeName: string | null
  createdAt: Date
}

function toManagedUser({ storeId, storeName, createdAt, ...row }: ManagedRow): ManagedUser {
  const expertStore =
    storeId !== null && storeName !== null ? { id: storeId, name: storeName } : null
  return { ...row, expertStore, createdAt: createdAt.toISOString() }
}

/** Users who are not deleted that match `where`, by name then id, a page of 20. */
async function listUsers(db: Database, where: SQL | undefined, page: number) {
  const notDeleted = and(isNull(users.deletedAt), where)
  const rows = await db
    .select(managedColumns)
    .from(users)
    .leftJoin(stores, eq(stores.id, users.expertStoreId))
    .where(notDeleted)
    .orderBy(asc(users.fullname), asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const [total] = await db.select({ count: count() }).from(users).where(notDeleted)
  return { rows: rows.map(toManagedUser), count: total?.count ?? 0 }
}

/** `GET /user/search`: users whose name or email holds `query` (folded). */
export function searchUsers(db: Database, query: string, page: number) {
  const where =
    query === ''
      ? undefined
      : or(containsFolded(users.fullname, query), containsFolded(users.email, query))
  return listUsers(db, where, page)
}

/** `POST /user/managers`: managers whose email holds `email`, checked in to `storeId` if given. */
export function searchManagers(
  db: Database,
  { email, page, storeId }: { email: string; page: number; storeId: number | undefined },
) {
  return listUsers(
    db,
    and(
      eq(users.role, 'manager'),
      email.trim() === '' ? undefined : containsFolded(users.email, email.trim()),
      storeId === undefined ? undefined : eq(users.expertStoreId, storeId),
    ),
    page,
  )
}

/** A user who is not deleted, as the administration screens show them. */
export async function findManagedUser(db: Database, id: number): Promise<ManagedUser | null> {
  const [row] = await db
    .select(managedColumns)
    .from(users)
    .leftJoin(stores, eq(stores.id, users.expertStoreId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
  return row ? toManagedUser(row) : null
}

/** Whether any user (a deleted one too: the address stays theirs) has this email but `exceptId`. */
export async function emailTaken(db: Database, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(emailIs(email), exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1)
  return row !== undefined
}

/** Whether a store exists and is not archived. */
export async function storeIsOpen(db: Database, id: number) {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, id), isNull(stores.archivedAt)))
  return row !== undefined
}

export type UserValues = {
  role: Role
  fullname: string
  email: string
  phone: string
  expertStoreId: number | null
}

export async function insertUser(db: Database, values: UserValues, now: Date): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...values, passwordHash: null, createdAt: now })
    .returning({ id: users.id })
  if (!row) throw new Error('no user inserted')
  return row.id
}

/**
 * Saves a user. When their store changes (another store, or none for a role that is not a
 * manager), the store log left open at the old store is closed.
 */
export async function updateUser(
  db: Database,
  id: number,
  values: UserValues,
  { previousStoreId, now }: { previousStoreId: number | null; now: Date },
) {
  await db.transaction(async (tx) => {
    if (previousStoreId !== values.expertStoreId) {
      await closeOpenLog(tx, id, now)
    }
    await tx
      .update(users)
      .set(values)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
  })
}

/** Soft delete: the row stays for history; the open store log is closed and the store cleared. */
export async function deleteUser(db: Database, id: number, now: Date) {
  await db.transaction(async (tx) => {
    await closeOpenLog(tx, id, now)
    await tx
      .update(users)
      .set({ deletedAt: now, expertStoreId: null })
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
  })
}
