import { eq } from 'drizzle-orm'
import type { User } from '#contract/auth.ts'
import type { VisitNote, VisitNoteBody } from '#contract/customers.ts'
import type { Database } from '../../db/database.ts'
import { visitNotes } from '../../db/schema/customers.ts'
import { HttpError } from '../../http-error.ts'
import { customerExists, visitNotesWhere } from './queries.ts'
import { storeMessages } from '#contract/store-messages.ts'

/**
 * Stores a visit note with the signed-in expert, their store (a manager's; others have none) and
 * the time, and answers it as the profile lists it.
 */
export async function addVisitNote(
  db: Database,
  { customerId, reason, comment }: VisitNoteBody,
  user: User,
  now: Date,
): Promise<VisitNote> {
  if (!(await customerExists(db, customerId))) {
    throw new HttpError(404, storeMessages.customerNotFound.id)
  }
  const [row] = await db
    .insert(visitNotes)
    .values({
      customerId,
      userId: user.id,
      storeId: user.expertStore?.id ?? null,
      reason,
      comment,
      createdAt: now,
    })
    .returning({ id: visitNotes.id })
  if (!row) throw new Error('no visit note inserted')
  const [note] = await visitNotesWhere(db, eq(visitNotes.id, row.id))
  if (!note) throw new Error(`visit note ${row.id} vanished`)
  return note
}
