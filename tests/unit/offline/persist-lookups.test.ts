import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { MemoryStorage } from '../../support/memory-storage.ts'

const user = {
  id: 7,
  role: 'agent' as const,
  fullname: 'Ana Petrović',
  email: 'ana.expert@example.com',
  phone: null,
  expertStore: null,
}
const customer = { id: 31, email: 'milica@example.com', phone: '+38267111222' }
const pin = '482913'

/**
 * A page: modules of its own (their state is the page's), on the device's storage (a reload keeps
 * `localStorage`, so who is signed in).
 */
async function freshPage(storage = new MemoryStorage()) {
  vi.resetModules()
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('sessionStorage', new MemoryStorage())
  const session = await import('../../../src/api/session.ts')
  const { offlineDatabase } = await import('../../../src/offline/database.ts')
  const vault = await import('../../../src/offline/vault.ts')
  const lookups = await import('../../../src/offline/persist-lookups.ts')
  const persister = await import('../../../src/offline/query-persister.ts')
  return { session, db: offlineDatabase(), vault, lookups, persister, storage }
}

beforeEach(() => {
  indexedDB.deleteDatabase('brand-expert')
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** Everything in the device's database, as text (what a copied profile shows). */
async function databaseAsText(db: Awaited<ReturnType<typeof freshPage>>['db']) {
  const tables = await Promise.all(db.tables.map((table) => table.toArray()))
  return JSON.stringify(tables)
}

/** A signed-in user with their PIN set, a stores look-up and a customer opened. */
async function signedInWithLookups() {
  const page = await freshPage()
  page.session.saveSession({ ...user, token: 'token-1' }, true)
  await page.vault.createPin(page.db, user.id, pin)
  const queryClient = new QueryClient()
  await page.persister.restorePersonalLookups(queryClient, user.id)
  queryClient.setQueryData(['stores', 'all'], [{ id: 1, name: 'Beograd 1' }])
  queryClient.setQueryData(['customers', 'detail', customer.id], customer)
  await page.lookups.keepLookupsNow(queryClient)
  return page
}

/** The same device after a reload: new modules, the public look-ups restored, still locked. */
async function reloaded(before: Awaited<ReturnType<typeof freshPage>>) {
  before.db.close()
  const page = await freshPage(before.storage)
  const queryClient = new QueryClient()
  await page.persister.restorePublicLookups(queryClient)
  return { ...page, queryClient }
}

it('keeps the customers a user opened encrypted, the stores in the clear', async () => {
  const { db } = await signedInWithLookups()
  const text = await databaseAsText(db)
  expect(text).toContain('Beograd 1')
  expect(text).not.toContain(customer.email)
  expect(text).not.toContain(customer.phone)
  db.close()
})

it('after a reload the stores are back at once, the customer only after the PIN', async () => {
  const page = await reloaded(await signedInWithLookups())
  const { queryClient } = page
  expect(queryClient.getQueryData(['stores', 'all'])).toEqual([{ id: 1, name: 'Beograd 1' }])
  expect(queryClient.getQueryData(['customers', 'detail', customer.id])).toBeUndefined()

  expect(await page.vault.unlockWithPin(page.db, user.id, pin)).toEqual({ unlocked: true })
  await page.persister.restorePersonalLookups(queryClient, user.id)
  expect(queryClient.getQueryData(['customers', 'detail', customer.id])).toEqual(customer)
  page.db.close()
})

it('a look-up kept more than a day ago is not restored', async () => {
  const page = await freshPage()
  page.session.saveSession({ ...user, token: 'token-1' }, true)
  await page.vault.createPin(page.db, user.id, pin)
  const queryClient = new QueryClient()
  await page.persister.restorePersonalLookups(queryClient, user.id)
  const dayAndMinuteAgo = Date.now() - 24 * 60 * 60_000 - 60_000
  queryClient.setQueryData(['stores', 'all'], [{ id: 1, name: 'Beograd 1' }], {
    updatedAt: dayAndMinuteAgo,
  })
  queryClient.setQueryData(['customers', 'detail', customer.id], customer, {
    updatedAt: dayAndMinuteAgo,
  })
  await page.lookups.keepLookupsNow(queryClient)

  const after = await reloaded(page)
  await after.vault.unlockWithPin(after.db, user.id, pin)
  await after.persister.restorePersonalLookups(after.queryClient, user.id)
  expect(after.queryClient.getQueryCache().getAll()).toEqual([])
  after.db.close()
})

it('the personal look-ups are not written over before they are back in the cache', async () => {
  // A reload: a write while locked, then one as the PIN opens the key, before the restore.
  const page = await reloaded(await signedInWithLookups())
  const { queryClient } = page
  await page.lookups.keepLookupsNow(queryClient)
  await page.vault.unlockWithPin(page.db, user.id, pin)
  await page.lookups.keepLookupsNow(queryClient)

  await page.persister.restorePersonalLookups(queryClient, user.id)
  expect(queryClient.getQueryData(['customers', 'detail', customer.id])).toEqual(customer)
  page.db.close()
})

it('sign-out leaves no look-up on the device, nor the ones of builds before the encryption', async () => {
  const page = await signedInWithLookups()
  localStorage.setItem('query-cache', JSON.stringify({ customer }))
  await page.persister.wipePersistedQueries()
  expect(localStorage.getItem('query-cache')).toBeNull()
  const text = await databaseAsText(page.db)
  expect(text).not.toContain('Beograd 1')
  expect(text).not.toContain('"lookups"')
  page.db.close()
})
