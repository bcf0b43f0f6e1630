import * as v from 'valibot'
import {
  getSession,
  openSessionToken,
  subscribeSession,
  userContactSchema,
} from '../../api/session.ts'
import { forgetPerson, peopleOnTablet, rememberPerson } from '../../api/people.ts'
import { offlineDatabase } from '../../offline/database.ts'
import {
  addPasskey,
  changePin as changeVaultPin,
  closeKey,
  keepKeyOpen,
  reopenKey,
  createPin,
  hasPin,
  isPin,
  isUnlocked,
  keep,
  lockVault,
  passkeyOf,
  readKept,
  removePasskey,
  removeEveryPasskey,
  unlockWithDeviceKey,
  unlockWithPasskey,
  unlockWithPin,
  wipePersonalData,
} from '../../offline/vault.ts'
import { mayReopen } from './idle-lock.ts'
import { openApp, setLockStatus, startedSignedIn } from './lock-state.ts'
import { createPasskey, passkeySecret } from './passkey.ts'

/**
 * The signed-in user's PIN and kept session on this device (docs/security.md): what the sign-in,
 * the lock screen and the settings do with src/offline/vault.ts. Loaded after sign-in or, on a
 * reload, before anything behind sign-in is drawn.
 */

/**
 * The kept record of the session's token and the user's contact, encrypted like every personal
 * record; builds before kept the token alone.
 */
const sessionRecord = 'session'
const keptSessionSchema = v.union([
  v.pipe(
    v.string(),
    v.transform((token) => ({ token, contact: null })),
  ),
  v.object({ token: v.string(), contact: v.nullable(userContactSchema) }),
])

/** The device key of the password sign-in that found no PIN yet: the new PIN's key wraps by it. */
let deviceKeyOfSignIn: string | undefined
/** What was last kept, so that the same session is not sealed and written again. */
let keptSession: string | null = null

async function keepSession(): Promise<void> {
  const session = getSession()
  if (!session?.token || !isUnlocked(session.user.id)) return
  const record = { token: session.token, contact: session.contact }
  const text = JSON.stringify(record)
  if (text === keptSession) return
  keptSession = text
  await keep(offlineDatabase(), session.user.id, sessionRecord, record)
}

// A refreshed token or contact (the start's /me) is kept in place of the one it replaces.
subscribeSession(() => void keepSession().catch(() => undefined))

/**
 * The user's key is open: the app opens, and they head the tablet's list of people. A second
 * person on the tablet ends every passkey on it: the tablet's enrolled fingers would open each
 * one's data (docs/security.md#people-on-a-shared-tablet).
 */
async function openFor(userId: number): Promise<void> {
  await openApp(userId)
  const session = getSession()
  if (session?.user.id !== userId) return
  rememberPerson(session.user)
  if (peopleOnTablet().length > 1) await removeEveryPasskey(offlineDatabase())
}

/** Whether a fingerprint or face may open the app here: only on a tablet of one person. */
export function passkeysAllowed(): boolean {
  return peopleOnTablet().length <= 1
}

/**
 * After a password sign-in: the device key opens the user's kept data, or they choose their
 * first PIN on this device.
 */
export async function openAfterPassword(userId: number, deviceKey?: string): Promise<void> {
  if (
    deviceKey !== undefined &&
    (await unlockWithDeviceKey(offlineDatabase(), userId, deviceKey))
  ) {
    await keepSession()
    await openFor(userId)
    return
  }
  deviceKeyOfSignIn = deviceKey
  setLockStatus('choosePin')
}

/** Whether this page's start was looked at: only a start reopens a key kept open. */
let started = false

/**
 * On a start with someone signed in: the PIN is asked for, unless the app was in use within the
 * idle lock's time (a reload, a relaunch: docs/decisions/0031). Another person chosen from the
 * tablet's list is always asked. False when nothing can open the session on this device (no PIN
 * and no token: the user signs in again).
 */
export async function lockAppAtStart(): Promise<boolean> {
  const atStart = startedSignedIn && !started
  started = true
  const session = getSession()
  if (!session) return false
  const pinSet = await hasPin(offlineDatabase(), session.user.id).catch(() => null)
  // The device's database does not open: nothing kept can be read, the user signs in again.
  if (pinSet === null) return false
  if (pinSet) {
    // Listed for the tablet's next shift change, also when signed in before there was a list.
    rememberPerson(session.user)
    const db = offlineDatabase()
    const reopened =
      atStart && (await reopenKey(db, session.user.id, (open) => mayReopen(open, Date.now())))
    if (reopened && (await openKeptSession(session.user.id))) return true
    setLockStatus('locked')
    return true
  }
  // A token kept in the clear by a build before the PIN: the user chooses one, and it is sealed.
  if (session.token === null) return false
  setLockStatus('choosePin')
  return true
}

export async function choosePin(pin: string): Promise<void> {
  const session = getSession()
  if (!session) return
  await createPin(offlineDatabase(), session.user.id, pin, deviceKeyOfSignIn)
  deviceKeyOfSignIn = undefined
  keptSession = null
  await keepSession()
  await openFor(session.user.id)
}

/** What a PIN on the lock screen led to. */
export type PinTry = { unlocked: true } | { unlocked: false; attemptsLeft: number }

/** Opens the kept data and the session with the PIN; at the fifth wrong one, they are wiped. */
export async function unlockAppWithPin(pin: string): Promise<PinTry> {
  const session = getSession()
  if (!session) return { unlocked: false, attemptsLeft: 0 }
  const result = await unlockWithPin(offlineDatabase(), session.user.id, pin)
  if (!result.unlocked) return result
  return (await openKeptSession(session.user.id)) ? result : { unlocked: false, attemptsLeft: 0 }
}

/** The key is open: the kept token opens the session, and the app opens. */
async function openKeptSession(userId: number): Promise<boolean> {
  const kept = v.safeParse(
    keptSessionSchema,
    await readKept(offlineDatabase(), userId, sessionRecord),
  )
  if (!kept.success) {
    // No session kept under the key (it was never sealed): only a password opens it now.
    lockVault()
    return false
  }
  keptSession = JSON.stringify(kept.output)
  openSessionToken(kept.output.token, kept.output.contact)
  await openFor(userId)
  return true
}

/** Whether the signed-in user's passkey opens their data on this device. */
export async function hasPasskey(): Promise<boolean> {
  const session = getSession()
  if (!session || !passkeysAllowed()) return false
  return (await passkeyOf(offlineDatabase(), session.user.id).catch(() => undefined)) !== undefined
}

/**
 * Opens the kept data and the session with the user's passkey. False when the user cancelled, or
 * the passkey no longer opens it (the PIN and the password still do); it never counts as a
 * wrong PIN.
 */
export async function unlockAppWithPasskey(): Promise<boolean> {
  const session = getSession()
  if (!session) return false
  const db = offlineDatabase()
  const passkey = await passkeyOf(db, session.user.id)
  if (!passkey) return false
  const secret = await passkeySecret(passkey.credentialId, passkey.salt)
  if (!secret || !(await unlockWithPasskey(db, session.user.id, secret))) return false
  return openKeptSession(session.user.id)
}

/** What turning the passkey on led to. */
export type PasskeyOutcome = 'on' | 'wrongPin' | 'notMade'

/** Settings: the user's passkey opens their data too, once their PIN confirms it is them. */
export async function turnOnPasskey(pin: string): Promise<PasskeyOutcome> {
  const session = getSession()
  if (!session || !passkeysAllowed()) return 'notMade'
  const db = offlineDatabase()
  // The PIN first: a wrong one makes no passkey the user would have to delete from the device.
  if (!(await isPin(db, session.user.id, pin))) return 'wrongPin'
  const { id, fullname } = session.user
  const passkey = await createPasskey({ id, fullname, name: session.contact?.email ?? fullname })
  if (!passkey) return 'notMade'
  return (await addPasskey(db, session.user.id, pin, passkey)) ? 'on' : 'wrongPin'
}

export async function turnOffPasskey(): Promise<void> {
  const session = getSession()
  if (session) await removePasskey(offlineDatabase(), session.user.id)
}

/** Settings: a new PIN in place of the current one. False when `current` is not the PIN. */
export async function changeAppPin(current: string, next: string): Promise<boolean> {
  const session = getSession()
  if (!session) return false
  return changeVaultPin(offlineDatabase(), session.user.id, current, next)
}

/**
 * While the app is open and in use: a reload or a relaunch before `until` (the idle lock's time)
 * opens it without the PIN (docs/decisions/0031).
 */
export function keepOpenUntil(until: number): void {
  const session = getSession()
  if (!session) return
  const span = { since: Date.now(), until }
  void keepKeyOpen(offlineDatabase(), session.user.id, span).catch(() => undefined)
}

/**
 * Locks the app for want of use: its screens are hidden until the PIN or the password. The data
 * key stays in memory until the page goes (docs/security.md#the-idle-lock), no longer on the
 * device: a reload now asks for the PIN.
 */
export function lockApp(): void {
  setLockStatus('locked')
  const userId = getSession()?.user.id
  if (userId !== undefined) void closeKey(offlineDatabase(), userId).catch(() => undefined)
}

/** The data key leaves memory and the device: the kept data is unreadable until the PIN. */
export function forgetKey(userId = getSession()?.user.id): void {
  keptSession = null
  lockVault()
  if (userId !== undefined) void closeKey(offlineDatabase(), userId).catch(() => undefined)
}

/**
 * The server ended the session (revoked, the password changed, the user deleted): the user's key,
 * kept data and draft are wiped from the device. Their unsent trials stay.
 */
export async function wipeEndedSession(userId: number): Promise<void> {
  keptSession = null
  forgetPerson(userId)
  await wipePersonalData(offlineDatabase(), userId)
}
