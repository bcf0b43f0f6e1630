import { eq } from 'drizzle-orm'
import type { EditionState } from '../../../src/contract/content-edition.ts'
import { contentEditions } from '../../../server/db/schema/content-editions.ts'
import type { TestApi } from './harness.ts'

/**
 * An edition made straight in the database, with edition 1's content: a draft unless told, a
 * scheduled one a year ahead. Answers what an update of it sends.
 */
export async function createEdition(api: TestApi, state: EditionState = 'draft') {
  const [first] = await api.db.select().from(contentEditions).where(eq(contentEditions.id, 1))
  if (!first) throw new Error('no edition 1')
  const [row] = await api.db
    .insert(contentEditions)
    .values({
      state,
      lists: first.lists,
      consents: first.consents,
      consentAutoTick: first.consentAutoTick,
      ...(state === 'scheduled'
        ? { publishAt: new Date(Date.now() + 365 * 24 * 3600 * 1000) }
        : {}),
    })
    .returning({ id: contentEditions.id })
  if (!row) throw new Error('no edition inserted')
  return {
    id: row.id,
    lists: first.lists,
    consents: first.consents,
    consentAutoTick: first.consentAutoTick,
  }
}
