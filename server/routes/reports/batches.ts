/** Rows are read this many at a time, so that a report never holds more in memory. */
export const batchSize = 250

/**
 * Reads rows in batches by keyset paging: each batch starts after the cursor of the last row of
 * the one before (`after` is undefined for the first), until a batch comes back short.
 */
export async function* inBatchesBy<T, C>(
  read: (after: C | undefined, limit: number) => Promise<T[]>,
  cursorOf: (row: T) => C,
): AsyncGenerator<T[]> {
  let after: C | undefined
  for (;;) {
    const rows = await read(after, batchSize)
    if (rows.length > 0) yield rows
    const last = rows.at(-1)
    if (last === undefined || rows.length < batchSize) return
    after = cursorOf(last)
  }
}

/** Batches by ascending id. */
export function inBatches<T extends { id: number }>(
  read: (afterId: number, limit: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  return inBatchesBy(
    (after: number | undefined, limit) => read(after ?? 0, limit),
    (row) => row.id,
  )
}
