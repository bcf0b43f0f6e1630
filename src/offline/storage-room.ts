import { isQuotaError } from './database.ts'

/**
 * Runs a write to the device (the outbox, a draft); when the browser refuses it for want of room
 * (`QuotaExceededError`), `makeRoom` frees what can be fetched again (the pack images) and the
 * write is tried once more. A trial is never what does not fit while images take the room.
 */
export async function writeMakingRoom<T>(
  write: () => Promise<T>,
  makeRoom: () => Promise<boolean>,
): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!isQuotaError(error)) throw error
    if (!(await makeRoom())) throw error
    return write()
  }
}
