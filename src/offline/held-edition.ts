import * as v from 'valibot'

/**
 * Which content edition this tablet holds and when it was fetched, read without the edition's
 * schema: the heartbeat (on every screen) and the ready panel (also offline) need no more, and
 * `content-editions.ts`, which keeps the editions whole, loads that schema with it.
 */
export const editionsStorageKey = 'brand-expert.content-editions'

const markSchema = v.object({ current: v.number(), fetchedAt: v.string() })
export type HeldMark = v.InferOutput<typeof markSchema>

/** The last text read and what it held: read again only when the storage holds another. */
let last: { text: string | null; mark: HeldMark | undefined } | undefined

/**
 * The edition in use when the tablet was last online and when it was fetched (ISO time); the same
 * object until another is kept (a snapshot for `useSyncExternalStore`).
 */
export function heldMark(): HeldMark | undefined {
  let text: string | null
  try {
    text = localStorage.getItem(editionsStorageKey)
  } catch {
    return undefined
  }
  if (last === undefined || last.text !== text) last = { text, mark: markOf(text) }
  return last.mark
}

function markOf(text: string | null): HeldMark | undefined {
  try {
    const parsed = v.safeParse(markSchema, JSON.parse(text ?? 'null'))
    return parsed.success ? parsed.output : undefined
  } catch {
    return undefined
  }
}

/** The id of the edition in use as this tablet knows it (the heartbeat reports it). */
export function heldEditionId(): number | null {
  return heldMark()?.current ?? null
}

const listeners = new Set<() => void>()

/** Told whenever another edition is kept (for `useSyncExternalStore`). */
export function subscribeEditions(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Tells the listeners that `content-editions.ts` kept an edition. */
export function editionKept(): void {
  listeners.forEach((listener) => listener())
}
