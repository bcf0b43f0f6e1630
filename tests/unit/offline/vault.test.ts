import 'fake-indexeddb/auto'
import { afterEach, expect, it, vi } from 'vitest'
import { OfflineDatabase } from '../../../src/offline/database.ts'
import { newOutboxItem } from '../../../src/offline/outbox/outbox-state.ts'
import {
  addPasskey,
  changePin,
  createPin,
  hasPin,
  isPin,
  isUnlocked,
  keep,
  keepKeyOpen,
  lockVault,
  maxPinAttempts,
  passkeyOf,
  readKept,
  reopenKey,
  removeEveryPasskey,
  removePasskey,
  unlockWithDeviceKey,
  unlockWithPasskey,
  unlockWithPin,
  wipeOnSignOut,
  wipePersonalData,
} from '../../../src/offline/vault.ts'
import { pinIterations, unwrapDataKey } from '../../../src/offline/vault-crypto.ts'

// Every PIN tried derives a key at the device's 600,000 PBKDF2 iterations: a test that tries
// several takes seconds, more on a busy machine, than vitest's default 5 s allows.
vi.setConfig({ testTimeout: 20_000 })

const databases: OfflineDatabase[] = []
function database() {
  const db = new OfflineDatabase(`vault-${crypto.randomUUID()}`)
  databases.push(db)
  return db
}
afterEach(() => {
  lockVault()
  for (const db of databases.splice(0)) db.close()
})

const customer = { email: 'ana@example.com', phone: '+38267111222' }

it('what is kept under the PIN is read again after the PIN is entered', async () => {
  const db = database()
  await createPin(db, 7, '482913')
  await keep(db, 7, 'lookups', customer)
  lockVault()
  expect(await readKept(db, 7, 'lookups')).toBeUndefined()
  expect(await unlockWithPin(db, 7, '482913')).toEqual({ unlocked: true })
  expect(await readKept(db, 7, 'lookups')).toEqual(customer)
}, 20_000)

it('the kept record holds no readable contact and the key is wrapped at 600,000 iterations', async () => {
  const db = database()
  await createPin(db, 7, '482913')
  await keep(db, 7, 'lookups', customer)
  const record = await db.keptRecords.get([7, 'lookups'])
  const bytes = new Uint8Array(record?.sealed.data ?? new ArrayBuffer(0))
  expect(bytes.length).toBeGreaterThan(0)
  expect(new TextDecoder().decode(bytes)).not.toContain('example.com')
  const vault = await db.vaults.get(7)
  expect(vault?.iterations).toBe(pinIterations)
  expect(pinIterations).toBe(600_000)
}, 20_000)

it('a wrong PIN does not unwrap the key and says how many tries are left', async () => {
  const db = database()
  await createPin(db, 7, '482913')
  lockVault()
  expect(await unlockWithPin(db, 7, '000000')).toEqual({
    unlocked: false,
    attemptsLeft: maxPinAttempts - 1,
  })
  expect(isUnlocked(7)).toBe(false)
  expect(await readKept(db, 7, 'lookups')).toBeUndefined()
  // A right PIN resets the count.
  expect(await unlockWithPin(db, 7, '482913')).toEqual({ unlocked: true })
  expect((await db.vaults.get(7))?.failures).toBe(0)
}, 20_000)

it('five wrong PINs in a row wipe the kept data, the key and the draft, not the outbox', async () => {
  const db = database()
  await createPin(db, 7, '482913')
  await keep(db, 7, 'lookups', customer)
  await db.drafts.put({
    userId: 7,
    state: {},
    updatedAt: new Date().toISOString(),
    appVersion: null,
  })
  await db.outbox.put(newOutboxItem('waiting', 7, { store_id: 1, comment: 'x' }, Date.now(), null))
  lockVault()
  const results = []
  for (let attempt = 0; attempt < maxPinAttempts; attempt++) {
    results.push(await unlockWithPin(db, 7, '111111'))
  }
  expect(results.at(-1)).toEqual({ unlocked: false, attemptsLeft: 0 })
  expect(await hasPin(db, 7)).toBe(false)
  expect(await db.keptRecords.count()).toBe(0)
  expect(await db.drafts.count()).toBe(0)
  expect(await db.outbox.count()).toBe(1)
  // Not even the right PIN opens anything now.
  expect(await unlockWithPin(db, 7, '482913')).toEqual({ unlocked: false, attemptsLeft: 0 })
}, 60_000)

it('a changed PIN unwraps the same key; the old PIN no longer does', async () => {
  const db = database()
  await createPin(db, 7, '482913')
  await keep(db, 7, 'session', { token: 't' })
  expect(await changePin(db, 7, '999999', '135790')).toBe(false)
  expect(await changePin(db, 7, '482913', '135790')).toBe(true)
  lockVault()
  const vault = await db.vaults.get(7)
  if (!vault) throw new Error('no vault')
  expect(await unwrapDataKey(vault, '482913')).toBeNull()
  expect(await unlockWithPin(db, 7, '135790')).toEqual({ unlocked: true })
  expect(await readKept(db, 7, 'session')).toEqual({ token: 't' })
}, 30_000)

/** A device key as the server gives it: 32 bytes, base64url. */
function deviceKey() {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

it("after a password, the device key opens the same data as the PIN; another device's key does not", async () => {
  const db = database()
  const key = deviceKey()
  await createPin(db, 7, '482913', key)
  await keep(db, 7, 'session', { token: 't' })
  lockVault()
  await unlockWithPin(db, 7, '000000')
  expect(await unlockWithDeviceKey(db, 7, deviceKey())).toBe(false)
  expect(isUnlocked(7)).toBe(false)
  expect(await unlockWithDeviceKey(db, 7, key)).toBe(true)
  expect(await readKept(db, 7, 'session')).toEqual({ token: 't' })
  // The password resets the count of wrong PINs.
  expect((await db.vaults.get(7))?.failures).toBe(0)
  // A changed PIN keeps the device key's wrap.
  expect(await changePin(db, 7, '482913', '135790')).toBe(true)
  lockVault()
  expect(await unlockWithDeviceKey(db, 7, key)).toBe(true)
  // Without a device key at the PIN's creation, there is nothing it opens.
  const other = database()
  await createPin(other, 8, '482913')
  lockVault()
  expect(await unlockWithDeviceKey(other, 8, key)).toBe(false)
}, 40_000)

it('sign-out forgets the kept data and the key in memory, and keeps the wrapped key', async () => {
  const db = database()
  await createPin(db, 7, '482913')
  await keep(db, 7, 'lookups', customer)
  await db.drafts.put({
    userId: 7,
    state: {},
    updatedAt: new Date().toISOString(),
    appVersion: null,
  })
  await wipeOnSignOut(db, 7)
  expect(isUnlocked(7)).toBe(false)
  expect(await db.keptRecords.count()).toBe(0)
  expect(await db.drafts.count()).toBe(0)
  expect(await hasPin(db, 7)).toBe(true)
}, 20_000)

it('a revoked session wipes the key and the kept data; another user cannot read them', async () => {
  const db = database()
  await createPin(db, 7, '482913')
  await keep(db, 7, 'lookups', customer)
  expect(await readKept(db, 8, 'lookups')).toBeUndefined()
  await wipePersonalData(db, 7)
  expect(isUnlocked(7)).toBe(false)
  expect(await hasPin(db, 7)).toBe(false)
  expect(await db.keptRecords.count()).toBe(0)
}, 20_000)

it("a passkey's secret opens the key as the PIN does, through a change of PIN, until it is removed", async () => {
  const db = database()
  await createPin(db, 7, '482913')
  await keep(db, 7, 'lookups', customer)
  const random = (length: number) => crypto.getRandomValues(new Uint8Array(length))
  const passkey = { credentialId: random(16), salt: random(32), secret: random(32) }
  expect(await addPasskey(db, 7, '000000', passkey)).toBe(false)
  expect(await passkeyOf(db, 7)).toBeUndefined()
  expect(await addPasskey(db, 7, '482913', passkey)).toBe(true)
  expect(await passkeyOf(db, 7)).toEqual({ credentialId: passkey.credentialId, salt: passkey.salt })

  lockVault()
  expect(await unlockWithPasskey(db, 7, random(32))).toBe(false)
  expect(isUnlocked(7)).toBe(false)
  expect(await unlockWithPasskey(db, 7, passkey.secret)).toBe(true)
  expect(await readKept(db, 7, 'lookups')).toEqual(customer)

  expect(await changePin(db, 7, '482913', '135791')).toBe(true)
  lockVault()
  expect(await unlockWithPasskey(db, 7, passkey.secret)).toBe(true)

  await removePasskey(db, 7)
  lockVault()
  expect(await unlockWithPasskey(db, 7, passkey.secret)).toBe(false)
  expect(await passkeyOf(db, 7)).toBeUndefined()
  expect(await unlockWithPin(db, 7, '135791')).toEqual({ unlocked: true })
})

it('checking the PIN in the settings does not count a wrong one as a try', async () => {
  const db = database()
  await createPin(db, 7, '482913')
  for (let i = 0; i < maxPinAttempts; i += 1) expect(await isPin(db, 7, '000000')).toBe(false)
  expect(await isPin(db, 7, '482913')).toBe(true)
  expect(await hasPin(db, 7)).toBe(true)
  expect(await unlockWithPin(db, 7, '000000')).toEqual({
    unlocked: false,
    attemptsLeft: maxPinAttempts - 1,
  })
})

it("two people's records of one name are kept side by side, each opened by its own key only", async () => {
  const db = database()
  await createPin(db, 7, '482913')
  await keep(db, 7, 'session', { token: 'seven' })
  await createPin(db, 8, '731946')
  await keep(db, 8, 'session', { token: 'eight' })
  // The second person's key is open: the first's record is there, unreadable to it.
  expect(await readKept(db, 7, 'session')).toBeUndefined()
  expect(await readKept(db, 8, 'session')).toEqual({ token: 'eight' })
  expect(await unlockWithPin(db, 7, '482913')).toEqual({ unlocked: true })
  expect(await readKept(db, 7, 'session')).toEqual({ token: 'seven' })
  expect(await readKept(db, 8, 'session')).toBeUndefined()
  // Signing one out leaves the other's key open and their record kept.
  await wipeOnSignOut(db, 8)
  expect(isUnlocked(7)).toBe(true)
  expect(await readKept(db, 7, 'session')).toEqual({ token: 'seven' })
  expect(await db.keptRecords.where({ userId: 8 }).count()).toBe(0)
})

it('a second person on the tablet ends every passkey on it; the PINs still open', async () => {
  const db = database()
  await createPin(db, 7, '482913')
  const secret = crypto.getRandomValues(new Uint8Array(32))
  const passkey = { credentialId: new Uint8Array([1, 2, 3]), salt: new Uint8Array(32) }
  expect(await addPasskey(db, 7, '482913', { ...passkey, secret })).toBe(true)
  await removeEveryPasskey(db)
  expect(await passkeyOf(db, 7)).toBeUndefined()
  expect(await unlockWithPasskey(db, 7, secret)).toBe(false)
  expect(await isPin(db, 7, '482913')).toBe(true)
})

it('the key kept open reopens once, within its window, and is closed after either way', async () => {
  const db = database()
  await createPin(db, 7, '482913')
  await keep(db, 7, 'session', { token: 'seven' })
  await keepKeyOpen(db, 7, { since: 100, until: 200 })
  lockVault()
  // A start after the window: closed, and the PIN is asked.
  expect(await reopenKey(db, 7, () => false)).toBe(false)
  expect(await reopenKey(db, 7, () => true)).toBe(false)

  await unlockWithPin(db, 7, '482913')
  await keepKeyOpen(db, 7, { since: 100, until: 200 })
  lockVault()
  expect(await reopenKey(db, 7, (open) => open.until === 200)).toBe(true)
  expect(await readKept(db, 7, 'session')).toEqual({ token: 'seven' })
  // Only this start: a second one finds it closed.
  lockVault()
  expect(await reopenKey(db, 7, () => true)).toBe(false)
  // Never kept for another person's key, nor after a sign-out.
  await keepKeyOpen(db, 8, { since: 100, until: 200 })
  expect((await db.vaults.get(8))?.open).toBeUndefined()
  await unlockWithPin(db, 7, '482913')
  await keepKeyOpen(db, 7, { since: 100, until: 200 })
  await wipeOnSignOut(db, 7)
  expect((await db.vaults.get(7))?.open).toBeUndefined()
})
