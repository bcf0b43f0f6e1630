import 'fake-indexeddb/auto'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { OfflineDatabase } from '../../../src/offline/database.ts'
import { keepSealKey, keptSealKey } from '../../../src/offline/kept-seal-key.ts'

let db: OfflineDatabase

beforeEach(async () => {
  db = new OfflineDatabase(`test-${crypto.randomUUID()}`)
  await db.open()
})

afterEach(async () => {
  await db.delete()
})

const key = { kid: 'k1', jwk: { kty: 'EC' as const, crv: 'P-256' as const, x: 'abc', y: 'def' } }

it('keeps the server key on the device and reads it back; a newer one replaces it', async () => {
  expect(await keptSealKey(db)).toBeUndefined()
  await keepSealKey(key, db)
  expect(await keptSealKey(db)).toEqual(key)
  await keepSealKey({ ...key, kid: 'k2' }, db)
  expect((await keptSealKey(db))?.kid).toBe('k2')
})

it('reads a kept value that is not a key as none', async () => {
  await db.device.put({ name: 'trialSealKey', value: '{"kid":' })
  expect(await keptSealKey(db)).toBeUndefined()
  await db.device.put({ name: 'trialSealKey', value: '{"kid":"k1"}' })
  expect(await keptSealKey(db)).toBeUndefined()
})
