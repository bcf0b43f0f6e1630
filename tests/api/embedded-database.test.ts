import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/database.ts'
import { stores } from '../../server/db/schema/stores.ts'

/** The embedded database in a data folder, as `npm start` opens it (a new cluster may come from the build's template). */
describe('the embedded database in a data folder', () => {
  const folders: string[] = []
  afterEach(async () => {
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true })
  })

  async function dataFolder(): Promise<string> {
    const folder = await mkdtemp(join(tmpdir(), 'embedded-'))
    folders.push(folder)
    return folder
  }

  it('starts a new folder migrated, and keeps what was written there across restarts', async () => {
    const dataDir = await dataFolder()
    const first = await openDatabase({ databaseUrl: undefined, dataDir })
    await first.migrate()
    await first.db
      .insert(stores)
      .values({ name: 'Kept', address: 'Njegoševa 1', city: 'Nikšić', country: 'ME' })
    await first.close()

    const again = await openDatabase({ databaseUrl: undefined, dataDir })
    await again.migrate()
    const kept = await again.db
      .select({ name: stores.name })
      .from(stores)
      .where(eq(stores.name, 'Kept'))
    await again.close()
    expect(kept).toEqual([{ name: 'Kept' }])
  })
})
