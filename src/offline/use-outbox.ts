import { useEffect, useState } from 'react'
import { liveQuery } from 'dexie'
import { offlineDatabase } from './database.ts'
import type { OutboxItem } from './outbox-state.ts'

/** This user's queued trials, oldest first, kept current as the outbox changes. */
export function useOutbox(userId: number | undefined): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([])
  useEffect(() => {
    if (userId === undefined) return
    const subscription = liveQuery(() =>
      offlineDatabase().outbox.where('userId').equals(userId).sortBy('createdAt'),
    ).subscribe({ next: setItems, error: (error: unknown) => console.warn('outbox', error) })
    return () => subscription.unsubscribe()
  }, [userId])
  return userId === undefined ? [] : items
}
