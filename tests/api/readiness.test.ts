import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiBasePath, appHeader, appId, languageHeader } from '../../src/contract/http.ts'
import { createApp } from '../../server/app.ts'
import { silentLogger } from '../../server/log.ts'
import { createMetrics } from '../../server/metrics.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import { createReadiness, type ReadinessState } from '../../server/readiness.ts'
import { startServerProcess } from '../support/server-process.ts'
import { databases, useApi } from './support/harness.ts'

describe.each(databases)('the readiness check on $name', (database) => {
  const api = useApi(database)

  /** The app as a process in `state` builds it (server/serve.ts), on the test's database. */
  function appIn(state: ReadinessState) {
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
      createReadiness(state),
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
