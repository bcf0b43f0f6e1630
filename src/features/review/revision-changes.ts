import type { Revision } from '../../contract/review.ts'
import type { TrialDetail } from '../../contract/trial.ts'

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A JSON merge patch (RFC 7386) applied to `target`, as the server applies a correction's
 * `changes`: an object merges key by key, `null` removes a key, anything else replaces.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch
  const result = new Map(Object.entries(isObject(target) ? target : {}))
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) result.delete(key)
    else result.set(key, mergePatch(result.get(key), value))
  }
  return Object.fromEntries(result)
}

/** One value a correction changed: where in the trial (`store_id`, `comment.tanComment`), from what, to what. */
export interface ChangeLine {
  path: string
  /** Undefined where the trial had no such value. */
  before: unknown
  /** Undefined where the correction removed it. */
  after: unknown
}

/** The values `patch` changes in `before`, each by its path; a value patched to itself is none. */
export function changeLines(before: unknown, patch: Json, prefix = ''): ChangeLine[] {
  return Object.entries(patch).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key
    const old = isObject(before) ? before[key] : undefined
    if (isObject(value) && isObject(old)) return changeLines(old, value, path)
    const after = value === null ? undefined : value
    return JSON.stringify(old) === JSON.stringify(after) ? [] : [{ path, before: old, after }]
  })
}

/**
 * What each correction changed, by its revision: the trial as received (`original`) patched by
 * each correction in turn, so that each line says what the value was before it. Without the
 * original (no correction yet) there is nothing to say.
 */
export function revisionChanges(
  original: TrialDetail['original'],
  revisions: readonly Revision[],
): Map<number, ChangeLine[]> {
  const changes = new Map<number, ChangeLine[]>()
  if (original === null) return changes
  let state: unknown = { store_id: original.storeId, comment: original.comment }
  for (const revision of revisions) {
    if (revision.kind !== 'correction' || revision.changes === null) continue
    changes.set(revision.revision, changeLines(state, revision.changes))
    state = mergePatch(state, revision.changes)
  }
  return changes
}
