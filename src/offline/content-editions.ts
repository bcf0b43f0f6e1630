import * as v from 'valibot'
import { call } from '../api/client.ts'
import { editionSchema, type Edition } from '../contract/content-edition.ts'
import { contentCurrent } from '../contract/endpoints/content.ts'
import { editionKept, editionsStorageKey as storageKey } from './held-edition.ts'

/**
 * The content editions this tablet holds (docs/behaviour.md#content-editions-on-a-tablet): the one in use when
 * it was last online, and the ones before it that a wizard started earlier may still finish with.
 * Kept in localStorage, read synchronously when a wizard starts, also with no connection; which one
 * is in use and when it was fetched are read without the edition's schema (`held-edition.ts`).
 */

/** How many editions are kept: the current one and the four before it. */
const keptEditions = 5

const heldSchema = v.object({
  /** The edition in use when the tablet was last online. */
  current: v.number(),
  /** When it was last fetched (ISO time). */
  fetchedAt: v.string(),
  /** Newest first. */
  editions: v.array(editionSchema),
})
type HeldEditions = v.InferOutput<typeof heldSchema>

function read(): HeldEditions | undefined {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? 'null')
    // Written by another build: read only if it has the shape this one knows.
    return v.is(heldSchema, stored) ? stored : undefined
  } catch {
    return undefined
  }
}

/** Every edition held, newest first, with the one in use and when it was fetched. */
export function heldEditions(): HeldEditions | undefined {
  return read()
}

/** The edition `id`, or the one in use when `id` is undefined; undefined when not held. */
export function heldEdition(id?: number): Edition | undefined {
  const held = read()
  const wanted = id ?? held?.current
  return held?.editions.find((edition) => edition.id === wanted)
}

/** Keeps `edition` as the one in use, with the editions before it, up to `keptEditions`. */
export function keepEdition(edition: Edition, fetchedAt = new Date().toISOString()): void {
  const before = (read()?.editions ?? []).filter((held) => held.id !== edition.id)
  const editions = [edition, ...before].sort((a, b) => b.id - a.id).slice(0, keptEditions)
  const held: HeldEditions = { current: edition.id, fetchedAt, editions }
  try {
    localStorage.setItem(storageKey, JSON.stringify(held))
  } catch {
    // A full storage: the editions held before stay, and the next online moment tries again.
    return
  }
  editionKept()
}

/**
 * Fetches the edition in use and keeps it. Offline or refused: the editions held stay as they
 * are, and undefined is answered.
 */
export async function takeCurrentEdition(): Promise<Edition | undefined> {
  try {
    const { data: edition } = await call(contentCurrent, {})
    keepEdition(edition)
    return edition
  } catch (error) {
    console.warn('content edition not fetched', error)
    return undefined
  }
}

/**
 * The content edition a wizard shows its answers from (docs/behaviour.md#content-editions-on-a-tablet):
 * the one its draft began with, else the one in use as the tablet last fetched it. A draft of a
 * build before editions (no edition) reads its keys with the edition held, and is sent as
 * edition 1's. With none held yet, the edition in use is fetched; undefined with no connection.
 */
export async function editionForWizard(draftEdition: number | null | undefined) {
  return heldEdition(draftEdition ?? undefined) ?? heldEdition() ?? (await takeCurrentEdition())
}
