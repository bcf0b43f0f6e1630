type Waiting<Row> = { resolve: (row: Row | undefined) => void; reject: (error: unknown) => void }

/**
 * A read by key that requests handled in the same turn of the event loop share. The keys asked
 * for while Node handles the connections that are ready are read together in one query once that
 * turn ends (`setImmediate`), instead of one query each: under load, a statement and a round trip
 * to PostgreSQL serve several requests. Every read still starts after it was asked for, so what a
 * request reads is never older than the request.
 *
 * `readMany` answers the rows found, by key; a key it leaves out is `undefined` to its callers.
 * Only for reads outside a transaction: `db` is the database itself (the app's `Database`), not a
 * transaction's.
 */
export function batchedReads<Db extends object, Key, Row>(
  readMany: (db: Db, keys: Key[]) => Promise<Map<Key, Row>>,
): (db: Db, key: Key) => Promise<Row | undefined> {
  const waitingByDb = new WeakMap<Db, Map<Key, Waiting<Row>[]>>()

  async function readWaiting(db: Db) {
    const waiting = waitingByDb.get(db)
    waitingByDb.delete(db)
    if (!waiting) return
    try {
      const rows = await readMany(db, [...waiting.keys()])
      for (const [key, callers] of waiting) {
        for (const caller of callers) caller.resolve(rows.get(key))
      }
    } catch (error) {
      for (const callers of waiting.values()) {
        for (const caller of callers) caller.reject(error)
      }
    }
  }

  return (db, key) =>
    new Promise((resolve, reject) => {
      let waiting = waitingByDb.get(db)
      if (!waiting) {
        waiting = new Map()
        waitingByDb.set(db, waiting)
        setImmediate(() => void readWaiting(db))
      }
      const callers = waiting.get(key)
      if (callers) callers.push({ resolve, reject })
      else waiting.set(key, [{ resolve, reject }])
    })
}
