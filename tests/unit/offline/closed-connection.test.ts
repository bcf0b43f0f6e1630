import 'fake-indexeddb/auto'
import { forceCloseDatabase } from 'fake-indexeddb'
import { expect, it } from 'vitest'
import { OfflineDatabase } from '../../../src/offline/database.ts'
import { finishTrialOnDevice } from '../../../src/offline/outbox/outbox.ts'

// WebKit (iOS) closes a page's IndexedDB connections on its own (docs/webkit.md); no WebDriver
// test can make it, so it is shown here with the fake database's forced close.
it('a connection the system closed is opened again by the next write', async () => {
  const db = new OfflineDatabase(`closed-by-the-system-${Date.now()}`)
  await db.open()
  const connection = db.backendDB()
  // The package declares the class as the argument; the function takes a connection.
  forceCloseDatabase(connection as unknown as typeof IDBDatabase)
  await new Promise((resolve) => setTimeout(resolve, 10))

  const finished = await finishTrialOnDevice(db, 11, 'a-trial', { store_id: 3, comment: 'kept' })
  expect(finished.before).toBe(false)
  expect(await db.outbox.count()).toBe(1)
  expect(db.backendDB()).not.toBe(connection)
  db.close()
})
