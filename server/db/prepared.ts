import type { Database } from './database.ts'

/**
 * A query that many requests run, built and prepared once per database: neither the query builder
 * nor PostgreSQL's parser and planner run again for it. `build` ends in drizzle's `.prepare(name)`
 * with `sql.placeholder`s for what changes between runs.
 */
export function preparedPerDatabase<Query>(
  build: (db: Database) => Query,
): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>()
  return (db) => {
    let query = prepared.get(db)
    if (!query) {
      query = build(db)
      prepared.set(db, query)
    }
    return query
  }
}
