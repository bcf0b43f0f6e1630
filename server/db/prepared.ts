import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { preparedStatementsOn, type Database } from './database.ts'

/** A prepared statement's named value, where a query part is expected (not only a value). */
export function placeholder(name: string): SQL {
  return sql`${sql.placeholder(name)}`
}

/**
 * Queries that many requests run, built and prepared once per database and name: neither the
 * query builder nor PostgreSQL's parser runs again for them, nor on PostgreSQL its planner (on
 * PGlite it may plan a run again for its values). `build` ends in drizzle's
 * `.prepare(name)` with `sql.placeholder`s for what changes between runs; it runs the first time a
 * name is asked for on a database, and builds on the one that database's prepared statements run
 * on (`preparedStatementsOn`).
 */
export function preparedStatements<Query>(): (
  db: Database,
  name: string,
  build: (db: Database) => Query,
) => Query {
  const prepared = new WeakMap<Database, Map<string, Query>>()
  return (db, name, build) => {
    let byName = prepared.get(db)
    if (!byName) {
      byName = new Map()
      prepared.set(db, byName)
    }
    let query = byName.get(name)
    if (!query) {
      query = build(preparedStatementsOn(db))
      byName.set(name, query)
    }
    return query
  }
}

/** One such query: the same, with a single statement per database. */
export function preparedPerDatabase<Query>(
  build: (db: Database) => Query,
): (db: Database) => Query {
  const statements = preparedStatements<Query>()
  return (db) => statements(db, '', build)
}

const dialect = new PgDialect()

/**
 * A statement written as SQL (not with the query builder) prepared under `name` on `db`, its
 * `sql.placeholder`s given to `execute`. Answers the driver's result (`rowsOf` reads its rows).
 */
export function preparedSql(db: Database, name: string, query: SQL) {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
}
