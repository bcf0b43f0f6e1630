/**
 * The file name of a `Content-Disposition: attachment` header: `filename*=UTF-8''…` (RFC 6266,
 * percent-encoded) wins over `filename="…"`; path separators are dropped. `fallback` otherwise.
 */
export function attachmentFilename(header: string | null, fallback: string): string {
  if (!header) return fallback
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)
  let name: string | undefined
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim())
    } catch {
      name = undefined
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header)
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim()
  }
  const safe = name?.replace(/[/\\]/g, '_').trim()
  return safe || fallback
}
