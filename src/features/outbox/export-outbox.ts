import type { OutboxItem } from '../../offline/outbox/index.ts'

/** Saves the author's waiting trials to a file, so nothing is stranded on a broken device. */
export function exportOutbox(items: OutboxItem[]): void {
  const file = new Blob([JSON.stringify(items, null, 2)], { type: 'application/json' })
  const link = document.createElement('a')
  link.href = URL.createObjectURL(file)
  link.download = `brand-expert-trials-${new Date().toISOString().slice(0, 10)}.json`
  link.click()
  URL.revokeObjectURL(link.href)
}
