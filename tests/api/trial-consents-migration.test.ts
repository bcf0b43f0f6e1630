import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/database.ts'
import { rowsOf } from '../../server/db/raw-rows.ts'
import { consentsOfTrial } from '../../server/routes/trials/consents.ts'
import { databases, type TestDatabase } from './support/harness.ts'
import { migrationsUpTo } from './support/migrations.ts'

/**
 * Migration 0009 records the consents of the trials stored before it: a guided trial with an
 * email or a phone gets both consents, given as its answers said, set by `unknown`; other trials
 * get none; no trial changes or goes.
 */

/** An empty database (no migrated template): PGlite in memory, or a new PostgreSQL database. */
async function emptyDatabase(database: TestDatabase) {
  if (!database.url) {
    const opened = await openDatabase(
      { databaseUrl: undefined, dataDir: '.data/unused' },
      { memory: true, fromTemplate: false },
    )
    return { opened, drop: async () => {} }
  }
  const name = `api_test_${randomBytes(6).toString('hex')}`
  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database "${name}"`)
  const url = new URL(database.url)
  url.pathname = `/${name}`
  const opened = await openDatabase({ databaseUrl: url.href, dataDir: '.data/unused' })
  return { opened, drop: () => admin(`drop database if exists "${name}" with (force)`) }
}

/** The answers of a guided trial as the app sent them before consents were recorded. */
function guided(email: { email?: string; privacyPolicy: boolean; analizeData: boolean }) {
  return { gender: 'female', ageRange: '25-34', email, sticks: [] }
}

describe.each(databases)('the consents migration on $name', (database) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  // Migrating from empty (twice) is slower than a test from the migrated template: as a hook may.
  it(
    'gives the trials stored before it consents set by unknown, and keeps every trial',
    { timeout: 60_000 },
    async () => {
      const { opened, drop } = await emptyDatabase(database)
      const folder = migrationsUpTo('0008_sessions_audit')
      cleanups.push(
        drop,
        () => opened.close(),
        () => rm(folder, { recursive: true }),
      )
      const { db } = opened
      await opened.migrate(folder)
      const [tables] = rowsOf(
        await db.execute(sql`select to_regclass('trial_consents') is null as missing`),
      )
      expect(tables?.missing).toBe(true)

      // As the code of step 0008 stored them.
      const [user] = rowsOf(
        await db.execute(
          sql`insert into users (role, fullname, email) values ('agent', 'Ana Proba', 'ana@example.rs') returning id`,
        ),
      )
      const [store] = rowsOf(
        await db.execute(
          sql`insert into stores (name, address, city, country) values ('Prodavnica', 'Ulica 1', 'Beograd', 'RS') returning id`,
        ),
      )
      const insertTrial = async (
        kind: 'guided' | 'simple',
        answers: unknown,
        email: string | null,
        phone: string | null,
      ) => {
        const [row] = rowsOf(
          await db.execute(sql`
          insert into trials (user_id, store_id, kind, answers, email, phone, created_at)
          values (${user?.id}, ${store?.id}, ${kind}, ${JSON.stringify(answers)}::jsonb, ${email},
            ${phone}, '2026-03-02T10:00:00Z')
          returning id`),
        )
        return Number(row?.id)
      }
      const withEmail = await insertTrial(
        'guided',
        guided({ email: 'kupac@example.rs', privacyPolicy: true, analizeData: false }),
        'kupac@example.rs',
        null,
      )
      const withPhone = await insertTrial(
        'guided',
        guided({ privacyPolicy: true, analizeData: true }),
        null,
        '+381641234567',
      )
      const anonymous = await insertTrial(
        'guided',
        guided({ privacyPolicy: false, analizeData: false }),
        null,
        null,
      )
      const simple = await insertTrial('simple', { comment: 'Kratka proba' }, null, null)
      const before = rowsOf(
        await db.execute(sql`select id, answers, email, phone, created_at from trials order by id`),
      )

      await opened.migrate()

      const after = rowsOf(
        await db.execute(sql`select id, answers, email, phone, created_at from trials order by id`),
      )
      expect(after).toEqual(before)
      expect(after).toHaveLength(4)
      const unknown = { textId: null, locale: null, tickedBy: 'unknown' }
      expect(await consentsOfTrial(db, withEmail)).toEqual([
        { consent: 'privacyPolicy', given: true, ...unknown },
        { consent: 'analizeData', given: false, ...unknown },
      ])
      expect(await consentsOfTrial(db, withPhone)).toEqual([
        { consent: 'privacyPolicy', given: true, ...unknown },
        { consent: 'analizeData', given: true, ...unknown },
      ])
      expect(await consentsOfTrial(db, anonymous)).toEqual([])
      expect(await consentsOfTrial(db, simple)).toEqual([])
    },
  )
})
