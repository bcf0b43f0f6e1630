import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { appendFile, chmod, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase, type OpenDatabase } from '../../server/db/database.ts'
import { stores } from '../../server/db/schema/stores.ts'
import { trials } from '../../server/db/schema/trials.ts'
import { users } from '../../server/db/schema/users.ts'

const run = promisify(execFile)

/** Debian's PostgreSQL programs (postgresql-NN), of the newest version installed. */
const binaries = existsSync('/usr/lib/postgresql')
  ? readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => `/usr/lib/postgresql/${version}/bin`)
      .find((folder) => existsSync(join(folder, 'initdb')))
  : undefined

/** `initdb` refuses root: as root, the cluster is the `postgres` user's (Debian's package makes it). */
const asRoot = process.getuid?.() === 0

/** Runs a PostgreSQL program, or (`mkdir`, `tar`, `touch`) a file tool, as the cluster's user. */
async function asClusterUser(program: string, args: string[]): Promise<void> {
  const path = program.includes('/') ? program : join(binaries ?? '', program)
  if (asRoot) await run('runuser', ['-u', 'postgres', '--', path, ...args])
  else await run(path, args)
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (typeof address !== 'object' || address === null) throw new Error('no free port')
  return address.port
}

async function query<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<Row>(text)).rows
  } finally {
    await client.end()
  }
}

/** Trials `name 1` … `name count`, by the one agent at the one store, each committed alone. */
async function writeTrials(database: OpenDatabase, name: string, count: number) {
  const [store] = await database.db.select({ id: stores.id }).from(stores)
  const [user] = await database.db.select({ id: users.id }).from(users)
  if (!store || !user) throw new Error('no store or user to write trials for')
  for (let index = 1; index <= count; index += 1) {
    await database.db
      .insert(trials)
      .values({ userId: user.id, storeId: store.id, kind: 'simple', answers: `${name} ${index}` })
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 30_000
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * The point-in-time recovery of docs/deploy.md, on a cluster of the test's own in a temporary
 * folder: the write-ahead log archived by `archive_command`, a base backup by `pg_basebackup`,
 * trials written, a time noted, more trials, then the base backup restored with
 * `restore_command`, `recovery_target_time` and `recovery.signal`, and started.
 */
describe.runIf(binaries)('PostgreSQL point-in-time recovery', () => {
  it('recovers to a noted time: exactly the trials written before it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'brand-expert-pitr-'))
    // The cluster's user writes its folders here; the test (maybe root) reads what it needs.
    await chmod(root, 0o777)
    const data = join(root, 'data')
    const archive = join(root, 'archive')
    const base = join(root, 'base')
    const recovered = join(root, 'recovered')
    const port = await freePort()
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`
    const options = ['-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`]
    const running: string[] = []
    async function start(folder: string) {
      await asClusterUser('pg_ctl', [
        '-D',
        folder,
        '-l',
        `${folder}.log`,
        ...options,
        '-w',
        'start',
      ])
      running.push(folder)
    }
    async function stop(folder: string) {
      await asClusterUser('pg_ctl', ['-D', folder, '-m', 'fast', '-w', 'stop'])
      running.splice(running.indexOf(folder), 1)
    }
    try {
      await asClusterUser('initdb', ['-D', data, '-U', 'postgres', '--auth=trust'])
      await asClusterUser('/usr/bin/mkdir', ['-m', '700', archive])
      await appendFile(
        join(data, 'postgresql.auto.conf'),
        'wal_level = replica\narchive_mode = on\n' +
          `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'\n`,
      )
      await start(data)

      const database = await openDatabase({ databaseUrl: url, dataDir: root })
      let target = ''
      try {
        await database.migrate()
        await database.db
          .insert(stores)
          .values({ name: 'Drill', address: 'Njegoševa 1', city: 'Nikšić', country: 'ME' })
        await database.db
          .insert(users)
          .values({ role: 'agent', fullname: 'Drill Agent', email: 'drill@example.rs' })
        await asClusterUser('pg_basebackup', [
          ...['-D', base, '-Ft', '-z', '-X', 'fetch', '-c', 'fast'],
          ...['-h', root, '-p', String(port), '-U', 'postgres'],
        ])
        await writeTrials(database, 'before', 5)
        // The moment to recover to, on the database's clock, between the two sets of trials.
        await new Promise((resolve) => setTimeout(resolve, 500))
        const [noted] = await query<{ at: string }>(url, 'select clock_timestamp()::text as at')
        target = noted?.at ?? ''
        await new Promise((resolve) => setTimeout(resolve, 500))
        await writeTrials(database, 'after', 5)
      } finally {
        await database.close()
      }
      // The segment holding the later trials goes to the archive, as archive_timeout would.
      const [segment] = await query<{ name: string }>(
        url,
        'select pg_walfile_name(pg_switch_wal()) as name',
      )
      await until(
        () => existsSync(join(archive, segment?.name ?? 'none')),
        'the archive to hold the last segment',
      )
      await stop(data)

      await asClusterUser('/usr/bin/mkdir', ['-m', '700', recovered])
      await asClusterUser('/usr/bin/tar', ['-xzf', join(base, 'base.tar.gz'), '-C', recovered])
      await appendFile(
        join(recovered, 'postgresql.auto.conf'),
        `restore_command = 'cp ${archive}/%f %p'\n` +
          `recovery_target_time = '${target}'\nrecovery_target_action = 'promote'\n`,
      )
      await asClusterUser('/usr/bin/touch', [join(recovered, 'recovery.signal')])
      await start(recovered)
      await until(
        async () =>
          (await query<{ recovering: boolean }>(url, 'select pg_is_in_recovery() as recovering'))[0]
            ?.recovering === false,
        'the recovery to end',
      )
      const found = await query<{ answers: string }>(
        url,
        "select answers #>> '{}' as answers from trials order by id",
      )
      expect(found.map((row) => row.answers)).toEqual([
        'before 1',
        'before 2',
        'before 3',
        'before 4',
        'before 5',
      ])
    } finally {
      for (const folder of [...running]) await stop(folder).catch(() => undefined)
      await rm(root, { recursive: true, force: true })
    }
  }, 120_000)
})
