import { useEffect, useState } from 'react'
import { offlineDatabase, type Receipt } from '../database.ts'
import { receiptDays } from './outbox.ts'
import { outboxCountThrottleMs, watchOutbox } from './use-outbox.ts'

/**
 * The trials of this user the server has stored in the last `receiptDays` days, newest first: the
 * device's receipts, kept current as the sender moves trials from the outbox to them (one
 * transaction, so a change of the outbox is the moment to read them again). Undefined until read.
 */
export function useReceipts(userId: number | undefined, now = Date.now): Receipt[] | undefined {
  const [receipts, setReceipts] = useState<Receipt[] | undefined>()
  useEffect(() => {
    if (userId === undefined) return
    const db = offlineDatabase()
    const read = async () => {
      const since = new Date(now() - receiptDays * 24 * 60 * 60_000).toISOString()
      const mine = await db.receipts.where('userId').equals(userId).toArray()
      return mine.filter((receipt) => receipt.sentAt >= since).sort(newestSentFirst)
    }
    return watchOutbox(db, read, setReceipts, outboxCountThrottleMs)
  }, [userId, now])
  return receipts
}

function newestSentFirst(a: Receipt, b: Receipt): number {
  return b.sentAt.localeCompare(a.sentAt)
}
