/**
 * A JSON merge patch (RFC 7386) applied to a JSON value: an object patch merges key by key, a
 * `null` removes the key, anything else replaces the value whole (arrays included).
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch
  const base = isObject(target) ? target : {}
  const merged = new Map(Object.entries(base))
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) merged.delete(key)
    else merged.set(key, mergePatch(base[key], value))
  }
  return Object.fromEntries(merged)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The paths a patch changes, such as `store_id` or `comment.gender`: named in the audit row. */
export function patchedPaths(patch: unknown, prefix = ''): string[] {
  if (!isObject(patch)) return [prefix]
  return Object.entries(patch).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key
    return isObject(value) ? patchedPaths(value, path) : [path]
  })
}
