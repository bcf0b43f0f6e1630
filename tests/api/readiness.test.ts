import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  apiBasePath,
  appHeader,
  appId,
  idempotentReplayedHeader,
  languageHeader,
} from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { createApp } from '../../server/app.ts'
import { silentLogger } from '../../server/log.ts'
import { createMetrics } from '../../server/metrics.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import { createReadiness, type Readiness, type ReadinessState } from '../../server/readiness.ts'
import { startServerProcess } from '../support/server-process.ts'
import { trialBody } from '../support/trial-body.ts'
import { createStore, createUser, signIn } from './support/fixtures.ts'
import { databases, useApi } from './support/harness.ts'
import { postTrial, trialsOf } from './support/trial-fixtures.ts'

describe.each(databases)('the readiness check on $name', (database) => {
  const api = useApi(database)

  /** The app as a process in `state` builds it (server/serve.ts), on the test's database. */
  function appIn(state: ReadinessState) {
    return appWith(createReadiness(state))
  }

  function appWith(readiness: Readiness) {
    const { db, config, tasks, clock } = api
    const app = createApp(
      {
        db,
        config,
        tasks,
        clock: clock.now,
        mailer: createMailer(config),
        logger: silentLogger(),
        metrics: createMetrics(),
      },
      readiness,
    )
    return (path: string, headers: Record<string, string> = { [appHeader]: appId }) =>
      app.request(`${apiBasePath}${path}`, { headers })
  }

  it('answers GET /ready 200 { status: ok } once started, without X-APP (a balancer sends none)', async () => {
    const response = await api.request('GET', '/ready', { app: null })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ data: { status: 'ok' } })
  })

  it('answers 503 while the process starts, and nothing but the health checks is served', async () => {
    const request = appIn('starting')
    const ready = await request('/ready', { [languageHeader]: 'me' })
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({
      message: 'Server se pokreće ili zaustavlja. Pokušajte ponovo za trenutak.',
    })
    expect((await request('/health/live')).status).toBe(200)
    expect((await request('/store/search')).status).toBe(503)
  })

  it('answers 503 while draining, and still serves the requests that reach it', async () => {
    const request = appIn('draining')
    expect((await request('/ready', {})).status).toBe(503)
    expect((await request('/health/live')).status).toBe(200)
    // Served as usual: a signed-out call is refused for the sign-in it lacks, not for the drain.
    expect((await request('/store/search')).status).toBe(401)
  })

  it('answers a write on a full disk 503 with Retry-After and turns /ready 503, and stores the retry once when there is room', async () => {
    const store = await createStore(api)
    const agent = await createUser(api)
    const token = await signIn(api, agent)
    // The database's own error for a full disk (SQLSTATE 53100), as PostgreSQL raises it when
    // it cannot extend a table's file.
    await api.db.execute(
      sql.raw(`create function disk_is_full() returns trigger language plpgsql as $$
        begin
          raise exception 'could not extend file "base/1/2": No space left on device'
            using errcode = 'disk_full';
        end $$`),
    )
    await api.db.execute(
      sql.raw(`create trigger disk_is_full before insert on trials
        for each row execute function disk_is_full()`),
    )
    const key = randomUUID()
    const trial = { token, body: trialBody(store.id), key }
    try {
      const refused = await postTrial(api, trial)
      expect(refused.status).toBe(503)
      expect(refused.headers.get('Retry-After')).toBe('60')
      expect(refused.body).toMatchObject({
        code: messages.diskFull.id,
        message: messages.diskFull.message,
      })
      const notReady = await api.request('GET', '/ready', { app: null, language: 'en' })
      expect(notReady.status).toBe(503)
      expect(notReady.headers.get('Retry-After')).toBe('60')
      expect(notReady.body).toMatchObject({ code: messages.diskFull.id })
      // Reads go on.
      expect((await api.request('GET', '/health')).status).toBe(200)
      expect(await trialsOf(api, agent.id)).toEqual([])
    } finally {
      await api.db.execute(sql.raw('drop trigger disk_is_full on trials'))
      await api.db.execute(sql.raw('drop function disk_is_full()'))
    }

    // The tablet sends the same trial again, under the same key.
    const stored = await postTrial(api, trial)
    expect(stored.status).toBe(201)
    expect((await api.request('GET', '/ready', { app: null })).status).toBe(200)
    const again = await postTrial(api, trial)
    expect(again.headers.get(idempotentReplayedHeader)).toBe('true')
    expect(await trialsOf(api, agent.id)).toHaveLength(1)
  })

  it('takes requests again a minute after a full disk, when no write came to find out', async () => {
    const readiness = createReadiness('ready')
    const request = appWith(readiness)
    readiness.diskFull(api.clock.now())
    expect((await request('/ready', {})).status).toBe(503)
    api.clock.advance(59_000)
    expect((await request('/ready', {})).status).toBe(503)
    api.clock.advance(1_000)
    expect((await request('/ready', {})).status).toBe(200)
  })
})

describe('a process stopped with SIGTERM', () => {
  it('turns /ready to 503 at once, serves on for DRAIN_DELAY, then ends', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'brand-expert-drain-'))
    const started = startServerProcess('the server', {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      DRAIN_DELAY: '1.5',
    })
    try {
      const server = await started
      const { child, url } = server
      const get = async (path: string) =>
        (await fetch(`${url}${apiBasePath}${path}`, { headers: { [appHeader]: appId } })).status

      expect(await get('/ready')).toBe(200)
      const signalled = Date.now()
      child.kill('SIGTERM')
      // The signal is handled between two requests: the next check already sees the drain.
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await get('/ready')).toBe(503)
      expect(await get('/health/live')).toBe(200)
      expect((await server.exited).code).toBe(0)
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500)
    } finally {
      await started.then(({ child }) => child.kill('SIGKILL')).catch(() => undefined)
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
