import { and, eq, isNull, sql } from 'drizzle-orm'
import type { User } from '#contract/auth.ts'
import type { Country } from '#contract/stores.ts'
import type { Database } from '../db/database.ts'
import { batchedPerTurn } from '../db/batched-per-turn.ts'
import { preparedPerDatabase } from '../db/prepared.ts'
import { sessions } from '../db/schema/sessions.ts'
import { stores } from '../db/schema/stores.ts'
import { users } from '../db/schema/users.ts'
import { voidUnusedTokens } from './tokens.ts'

/** Emails are compared without case (the unique index is on `lower(email)`). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function emailIs(email: string) {
  return sql`lower(${users.email}) = ${normalizeEmail(email)}`
}

/** A user's columns with their expert store's: read with `users` left-joined to `stores`. */
export const userColumns = {
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

export function toUser(row: UserRow): User {
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

/**
 * The open sessions of these ids with their users (not deleted): one statement for every request
 * of a turn, as the user alone was read before sessions could end.
 */
const sessionsQuery = preparedPerDatabase((db) =>
  db
    .select({ ...userColumns, sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(stores, eq(stores.id, users.expertStoreId))
    .where(
      and(
        sql`${sessions.id} = any(${sql.placeholder('ids')}::uuid[])`,
        isNull(sessions.endedAt),
        isNull(users.deletedAt),
      ),
    )
    .prepare('find_session_users'),
)

type SessionRow = UserRow & { sessionId: string; lastUsedAt: Date }

async function sessionsById(db: Database, ids: string[]): Promise<Map<string, SessionRow>> {
  const rows = await sessionsQuery(db).execute({ ids })
  return new Map(rows.map((row) => [row.sessionId, row]))
}

const signedInRow = batchedPerTurn(sessionsById)

/**
 * The user of a signed-in request and when its session was last used, read anew for every
 * request with its session (a session ended, or a user deleted, is refused at once on every
 * process; a new role applies at once), together with the other requests' of the same turn.
 * Null when the session has ended or its user is gone.
 */
export async function readSignedInUser(
  db: Database,
  sessionId: string,
): Promise<{ user: User; lastUsedAt: Date } | null> {
  const row = await signedInRow(db, sessionId)
  if (!row) return null
  const { sessionId: _id, lastUsedAt, ...user } = row
  return { user: toUser(user), lastUsedAt }
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

/**
 * Sets a user's password (in the caller's transaction), however it is set: their unused reset
 * and setup links stop working.
 */
export async function setPasswordHash(db: Database, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
  await voidUnusedTokens(db, userId)
}
