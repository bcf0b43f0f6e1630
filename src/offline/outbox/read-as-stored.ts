import Dexie from 'dexie'
import * as v from 'valibot'
import type { TrialBody } from '../../contract/trial.ts'
import type { OutboxItem } from './outbox-state.ts'

// Loaded only when this build could not open the device's database (open-problem.ts).
const storedItemSchema = v.object({
  id: v.string(),
  userId: v.number(),
  createdAt: v.string(),
  // The body exactly as it was frozen: shown and exported, never parsed into another shape.
  body: v.custom<TrialBody>((input) => typeof input === 'object' && input !== null),
  state: v.picklist(['waiting', 'needs-login', 'failed']),
  attempts: v.optional(v.number(), 0),
  nextAttemptAt: v.optional(v.number(), 0),
  error: v.optional(v.nullable(v.string()), null),
  appVersion: v.optional(v.nullable(v.string()), null),
})

/** The outbox read without this build's schema: Dexie opens the database as it is. */
export async function readOutboxAsStored(name: string, userId: number): Promise<OutboxItem[]> {
  const asStored = new Dexie(name)
  try {
    await asStored.open()
    if (!asStored.tables.some((table) => table.name === 'outbox')) return []
    const rows: unknown[] = await asStored.table('outbox').toArray()
    return rows
      .flatMap((row) => {
        const parsed = v.safeParse(storedItemSchema, row)
        return parsed.success && parsed.output.userId === userId ? [parsed.output] : []
      })
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  } finally {
    asStored.close()
  }
}
