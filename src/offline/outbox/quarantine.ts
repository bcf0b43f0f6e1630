import { call } from '../../api/client.ts'
import { deviceQuarantine, quarantineOutcomes } from '../../contract/endpoints/quarantine.ts'
import { isFinalRefusal } from '../../contract/quarantine.ts'
import type { OfflineDatabase } from '../database.ts'
import { credentialOf } from '../device.ts'
import { keepReceipt } from './outbox.ts'
import type { OutboxItem } from './outbox-state.ts'
import { afterOutcome, toHandOver } from './refused.ts'

/**
 * The trials the server refused for good never live only on this tablet
 * (docs/behaviour.md#offline): each is handed to the server's quarantine as it is held here, with
 * its author's device credential, and what became of it there is read back. One the office
 * accepted is sent, as far as this tablet is concerned: it joins the receipts under the trial it
 * made. Loaded only when refused trials are on the device.
 */
export async function settleRefused(db: OfflineDatabase, now = Date.now()): Promise<void> {
  const refused = await db.outbox.where('state').equals('failed').toArray()
  for (const item of refused.filter(toHandOver)) await handOver(db, item)
  const held = (await db.outbox.where('state').equals('failed').toArray()).filter(
    (item) => item.quarantine?.state === 'waiting',
  )
  for (const [userId, items] of byAuthor(held)) await readBack(db, userId, items, now)
}

async function handOver(db: OfflineDatabase, item: OutboxItem): Promise<void> {
  const credential = await credentialOf(item.userId)
  const code = item.lastError?.code
  if (credential === undefined || code === undefined || !isFinalRefusal(code)) return
  try {
    const { data } = await call(deviceQuarantine, {
      body: { key: item.id, body: item.body, code },
      headers: { Authorization: `Device ${credential}` },
    })
    await db.outbox.update(item.id, { quarantine: data })
  } catch {
    // Kept here, and handed over at the next pass.
  }
}

async function readBack(
  db: OfflineDatabase,
  userId: number,
  items: OutboxItem[],
  now: number,
): Promise<void> {
  const credential = await credentialOf(userId)
  if (credential === undefined) return
  try {
    const { data } = await call(quarantineOutcomes, {
      query: { keys: items.map((item) => item.id).join(',') },
      headers: { Authorization: `Device ${credential}` },
    })
    for (const outcome of data) {
      const item = items.find((one) => one.id === outcome.key)
      if (!item) continue
      const next = afterOutcome(item, outcome)
      if ('receipt' in next) await keepReceipt(db, item, next.receipt, now)
      else await db.outbox.update(item.id, { quarantine: outcome })
    }
  } catch {
    // Read again at the next pass.
  }
}

function byAuthor(items: OutboxItem[]): Map<number, OutboxItem[]> {
  const authors = new Map<number, OutboxItem[]>()
  for (const item of items) authors.set(item.userId, [...(authors.get(item.userId) ?? []), item])
  return authors
}
