import { and, eq, isNull, sql } from 'drizzle-orm'
import type { User } from '../../src/contract/auth.ts'
import type { Country } from '../../src/contract/stores.ts'
import type { Database } from '../db/database.ts'
import { batchedPerTurn } from '../db/batched-per-turn.ts'
import { preparedPerDatabase } from '../db/prepared.ts'
import { stores } from '../db/schema/stores.ts'
import { users } from '../db/schema/users.ts'

/** Emails are compared without case (the unique index is on `lower(email)`). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function emailIs(email: string) {
  return sql`lower(${users.email}) = ${normalizeEmail(email)}`
}

const userColumns = {
  id: users.id,
  role: users.role,
  fullname: users.fullname,
  email: users.email,
  phone: users.phone,
  expertStoreId: stores.id,
  expertStoreName: stores.name,
  expertStoreCountry: stores.country,
}

type UserRow = {
  id: number
  role: User['role']
  fullname: string
  email: string
  phone: string | null
  expertStoreId: number | null
  expertStoreName: string | null
  expertStoreCountry: Country | null
}

function toUser(row: UserRow): User {
  const { expertStoreId, expertStoreName, expertStoreCountry, ...user } = row
  const expertStore =
    expertStoreId !== null && expertStoreName !== null && expertStoreCountry !== null
      ? { id: expertStoreId, name: expertStoreName, country: expertStoreCountry }
      : null
  return { ...user, expertStore }
}

/** The users of these ids who have not been deleted: every API request reads its user with it. */
const usersQuery = preparedPerDatabase((db) =>
  db
    .select(userColumns)
    .from(users)
    .leftJoin(stores, eq(stores.id, users.expertStoreId))
    .where(
      and(sql`${users.id} = any(${sql.placeholder('ids')}::integer[])`, isNull(users.deletedAt)),
    )
    .prepare('find_users'),
)

async function usersById(db: Database, ids: number[]): Promise<Map<number, UserRow>> {
  const rows = await usersQuery(db).execute({ ids })
  return new Map(rows.map((row) => [row.id, row]))
}

/** A user who has not been deleted, as the API shows them (`db` may be a transaction). */
export async function findUser(db: Database, id: number): Promise<User | null> {
  const row = (await usersById(db, [id])).get(id)
  return row ? toUser(row) : null
}

const signedInRow = batchedPerTurn(usersById)

/**
 * The user of a signed-in request, read anew for every request (a deleted user is refused at
 * once, a new role applies at once), together with the other requests' users of the same turn.
 */
export async function readSignedInUser(db: Database, id: number): Promise<User | null> {
  const row = await signedInRow(db, id)
  return row ? toUser(row) : null
}

/** A user who has not been deleted, with the password hash (null for an invited user). */
export async function findUserForLogin(
  db: Database,
  email: string,
): Promise<(User & { passwordHash: string | null }) | null> {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(stores, eq(stores.id, users.expertStoreId))
    .where(and(emailIs(email), isNull(users.deletedAt)))
  if (!row) return null
  const { passwordHash, ...user } = row
  return { ...toUser(user), passwordHash }
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}
