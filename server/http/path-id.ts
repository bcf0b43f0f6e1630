import { maxId } from '../../src/contract/http.ts'

/** A positive int4 id from a path, or null (a path such as `/store/abc` is simply not found). */
export function parseId(value: string): number | null {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : 0
  return id >= 1 && id <= maxId ? id : null
}
