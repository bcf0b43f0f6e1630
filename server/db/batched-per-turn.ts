type Waiting<Row> = { resolve: (result: Row | undefined) => void; reject: (error: unknown) => void }

/**
 * A statement by key that requests handled in the same turn of the event loop share. The keys
 * asked for while Node handles the connections that are ready go together to one statement once
 * that turn ends (`setImmediate`), instead of one statement each: under load, a statement and a
 * round trip to PostgreSQL serve several requests. Each still starts after it was asked for, so
 * what a request reads is never older than the request.
 *
 * `run` answers a result by key; a key it leaves out is `undefined` to its callers; when it
 * throws, every caller of the turn gets the error. Only for statements outside a transaction:
 * `db` is the database itself (the app's `Database`), not a transaction's.
 */
export function batchedPerTurn<Db extends object, Key, Row>(
  run: (db: Db, keys: Key[]) => Promise<Map<Key, Row>>,
): (db: Db, key: Key) => Promise<Row | undefined> {
  const waitingByDb = new WeakMap<Db, Map<Key, Waiting<Row>[]>>()

  async function runWaiting(db: Db) {
    const waiting = waitingByDb.get(db)
    waitingByDb.delete(db)
    if (!waiting) return
    try {
      const results = await run(db, [...waiting.keys()])
      for (const [key, callers] of waiting) {
        for (const caller of callers) caller.resolve(results.get(key))
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
        setImmediate(() => void runWaiting(db))
      }
      const callers = waiting.get(key)
      if (callers) callers.push({ resolve, reject })
      else waiting.set(key, [{ resolve, reject }])
    })
}
