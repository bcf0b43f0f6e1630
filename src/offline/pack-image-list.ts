import { packImageCache } from './sw-messages.ts'

/**
 * The catalogue's pack images as last asked for (after sign-in), kept on the device so that the
 * ready panel can count how many of them the worker's cache holds, and fetch the missing ones,
 * also after a reload with no connection.
 */
const storageKey = 'brand-expert.pack-images'

export function rememberPackImages(urls: readonly string[]): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify([...new Set(urls)]))
  } catch {
    // A full storage: the panel then counts what it knew before.
  }
}

export function rememberedPackImages(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((url) => typeof url === 'string') : []
  } catch {
    return []
  }
}

/** How many of the catalogue's pack images the worker's cache holds. */
export async function countCachedPackImages(): Promise<{ cached: number; total: number }> {
  const urls = rememberedPackImages()
  if (typeof caches === 'undefined' || urls.length === 0) return { cached: 0, total: urls.length }
  // One look at what is kept, not one per image: the worker may be writing 500 to this cache.
  const cache = await caches.open(packImageCache)
  const kept = new Set((await cache.keys()).map((request) => request.url))
  const cached = urls.filter((url) => kept.has(new URL(url, location.href).href)).length
  return { cached, total: urls.length }
}

/**
 * Makes room on a full device: the pack images go (they are fetched again when there is a
 * connection), so that what cannot be fetched again, a finished trial, fits. Answers whether
 * anything was freed.
 */
export async function dropPackImages(): Promise<boolean> {
  if (typeof caches === 'undefined') return false
  return caches.delete(packImageCache)
}
