/** The rows of a raw query's result (`db.execute`): node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result) {
    if (Array.isArray(result.rows)) return result.rows as Record<string, unknown>[]
  }
  throw new Error('the query answered no rows')
}
