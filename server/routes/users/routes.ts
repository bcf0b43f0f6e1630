import type { Context } from 'hono'
import {
  managerSearch,
  sessionRevoke,
  userById,
  userCreate,
  userDelete,
  userDevices,
  userSearch,
  userSessions,
  userUpdate,
} from '#contract/endpoints/users.ts'
import { messages } from '#contract/messages.ts'
import type { UserForm } from '#contract/users.ts'
import { listUserDevices } from '../../auth/device-credentials.ts'
import { checkObject } from '../../auth/middleware.ts'
import { audit } from '../../audit/log.ts'
import { endSession, endUserSessions, findSession, listUserSessions } from '../../auth/sessions.ts'
import { issueToken } from '../../auth/tokens.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import type { Database } from '../../db/database.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope, ok } from '../../http/respond.ts'
import type { ApiRoutes, Input } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { logEvent } from '../../log.ts'
import { invitationMail } from '../../mail/templates.ts'
import type { Locale } from '#contract/locale.ts'
import type { ManagedUser } from '#contract/users.ts'
import {
  createUserSchema,
  emailInUse,
  isUniqueViolation,
  updateUserSchema,
  userValues,
} from './form.ts'
import {
  deleteUser,
  findManagedUser,
  insertUser,
  searchManagers,
  searchUsers,
  updateUser,
} from './queries.ts'
import { administrationMessages } from '#contract/administration-messages.ts'

/**
 * User administration, for super users and admins (/users, docs/behaviour.md#screens-and-routes):
 * search, one user, create (with an invitation mail), update, soft delete, and the managers list.
 * The policy's object rules: an admin cannot touch a super user nor make one; nobody deletes
 * themselves.
 */
export function userRoutes(routes: ApiRoutes, deps: AppDeps) {
  const { db, clock, config } = deps

  async function foundUser(id: number, from: Database = db): Promise<ManagedUser> {
    const user = await findManagedUser(from, id)
    if (!user) throw new HttpError(404, messages.notFound.id)
    return user
  }

  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (isUniqueViolation(error)) throw emailInUse()
      throw error
    }
  }

  async function create(c: Context<UserEnv>, { body: form }: { body: UserForm }) {
    checkObject(c, 'notSuper', form.role === 'super')
    const now = clock()
    const made: { user?: ManagedUser } = {}
    // Everything that reads the database is in the work: a repeat finds the email taken by the
    // first request, and must get its answer, not that error.
    const once = await oncePerKey(c, { db, now }, async (tx) => {
      const values = await userValues(tx, form)
      const id = await saving(() => insertUser(tx, values, now))
      logEvent(c, 'user.created', { by: c.var.user.id, user: id, role: values.role })
      await audit(c, deps, tx, { action: 'user.create', target: `user:${id}`, detail: values.role })
      made.user = await foundUser(id, tx)
      return { status: 201, body: envelope(c, made.user, administrationMessages.userCreated.id) }
    })
    // Mailed once the user is committed, and only by the request that made them.
    const { user } = made
    if (user) {
      const locale = c.var.locale
      deps.tasks.run('invitation mail', () => sendInvitation(deps, user, locale))
    }
    return answerOnce(c, once)
  }

  async function update(c: Context<UserEnv>, { body: form }: Input<typeof userUpdate>) {
    const current = await foundUser(form.id)
    checkObject(c, 'notSuper', current.role === 'super' || form.role === 'super')
    const values = await userValues(db, form, {
      userId: current.id,
      currentStoreId: current.expertStore?.id ?? null,
    })
    const previousStoreId = current.expertStore?.id ?? null
    const roleChanged = current.role !== values.role
    await saving(() =>
      db.transaction(async (tx) => {
        await updateUser(tx, current.id, values, { previousStoreId, now: clock() })
        // One act, one row: a change of role is the row's action, as it is the change that matters.
        await audit(c, deps, tx, {
          action: roleChanged ? 'user.roleChange' : 'user.update',
          target: `user:${current.id}`,
          detail: roleChanged ? `${current.role} → ${values.role}` : null,
        })
      }),
    )
    logEvent(c, 'user.updated', { by: c.var.user.id, user: current.id, role: values.role })
    return ok(c, await foundUser(current.id), administrationMessages.userSaved.id)
  }

  async function remove(c: Context<UserEnv>, { body: { id } }: Input<typeof userDelete>) {
    checkObject(c, 'notSelf', id === c.var.user.id)
    const target = await foundUser(id)
    checkObject(c, 'notSuper', target.role === 'super')
    await db.transaction(async (tx) => {
      const now = clock()
      await deleteUser(tx, id, now)
      await endUserSessions(tx, id, 'userDeleted', now)
      await audit(c, deps, tx, { action: 'user.delete', target: `user:${id}` })
    })
    logEvent(c, 'user.deleted', { by: c.var.user.id, user: id })
    return ok(c, null, administrationMessages.userDeleted.id)
  }

  async function sessionsOf(c: Context<UserEnv>, { params }: Input<typeof userSessions>) {
    const target = await foundUser(params.id)
    checkObject(c, 'notSuper', target.role === 'super')
    return ok(c, await listUserSessions(db, target.id, clock()))
  }

  async function devicesOf(c: Context<UserEnv>, { params }: Input<typeof userDevices>) {
    const target = await foundUser(params.id)
    checkObject(c, 'notSuper', target.role === 'super')
    return ok(c, await listUserDevices(db, target.id, clock()))
  }

  /** Ends a session at once; again (a double click, a retry), it changes and records nothing. */
  async function revoke(c: Context<UserEnv>, { body: { id } }: Input<typeof sessionRevoke>) {
    const session = await findSession(db, id)
    const owner = session && (await findManagedUser(db, session.userId))
    if (!session || !owner) throw new HttpError(404, messages.notFound.id)
    checkObject(c, 'notSuper', owner.role === 'super')
    await db.transaction(async (tx) => {
      if (await endSession(tx, id, 'revoked', clock())) {
        await audit(c, deps, tx, {
          action: 'session.revoke',
          target: `session:${id}`,
          detail: `user:${owner.id}`,
        })
        logEvent(c, 'session.revoked', { by: c.var.user.id, user: owner.id })
      }
    })
    return ok(c, null, administrationMessages.sessionRevoked.id)
  }

  routes
    .signedIn(userSearch, async (c, { query }) =>
      ok(c, await searchUsers(db, query.query, query.page)),
    )
    .signedIn(managerSearch, async (c, { body: { email, page, storeId } }) => {
      const pageNumber = Number.isInteger(page) && page >= 1 ? Math.min(page, 100_000) : 1
      return ok(c, await searchManagers(db, { email, page: pageNumber, storeId }))
    })
    .signedIn(userCreate, create, { body: (c) => createUserSchema(config, c.var.locale) })
    .signedIn(userUpdate, update, { body: (c) => updateUserSchema(config, c.var.locale) })
    .signedIn(userDelete, remove)
    .signedIn(userById, async (c, { params }) => ok(c, await foundUser(params.id)))
    .signedIn(userSessions, sessionsOf)
    .signedIn(userDevices, devicesOf)
    .signedIn(sessionRevoke, revoke)
}

/** Mails a new user a one-time link to set their first password (also `npm run admin:create`). */
export async function sendInvitation(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'>,
  user: Pick<ManagedUser, 'id' | 'email' | 'fullname'>,
  locale: Locale,
) {
  const token = await issueToken(deps.db, user.id, 'setup', deps.clock)
  const link = new URL(`${deps.config.publicUrl}/password-setup`)
  link.searchParams.set('token', token)
  await deps.mailer.send({ to: user.email, ...invitationMail(locale, user.fullname, link.href) })
}
