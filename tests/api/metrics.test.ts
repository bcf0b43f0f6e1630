import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createMetrics, serveMetrics, type Metrics } from '../../server/metrics.ts'
import { createStore, createUser, signIn } from './support/fixtures.ts'
import { databases, useApi } from './support/harness.ts'
import { trialBody } from '../support/trial-body.ts'
import { postTrial } from './support/trial-fixtures.ts'

/** A series' value as a scraper reads it (`name{labels} value`); 0 before its first count. */
async function valueOf(metrics: Metrics, series: string): Promise<number> {
  const text = await metrics.registry.metrics()
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? 0 : Number(line.slice(series.length + 1))
}

const durationCount = 'brand_expert_http_request_duration_seconds_count'

describe.each(databases)('the metrics on $name', (database) => {
  const api = useApi(database)

  it('counts a failed sign-in, a stored trial, a replay and each request by route template', async () => {
    const { metrics } = api
    const store = await createStore(api)
    const agent = await createUser(api)
    const series = {
      failures: 'brand_expert_sign_in_failures_total',
      stored: 'brand_expert_trials_stored_total',
      replays: 'brand_expert_idempotent_replays_total{route="/api/v1/free-guided/form"}',
      trials: `${durationCount}{route="/api/v1/free-guided/form",method="POST",status="201"}`,
      refused: 'brand_expert_trials_refused_total{status="401"}',
    }
    const read = async () => ({
      failures: await valueOf(metrics, series.failures),
      stored: await valueOf(metrics, series.stored),
      replays: await valueOf(metrics, series.replays),
      trials: await valueOf(metrics, series.trials),
      refused: await valueOf(metrics, series.refused),
    })
    const before = await read()

    const failed = await api.request('POST', '/user/login', {
      body: { email: agent.email, password: 'not the password' },
    })
    expect(failed.status).toBe(401)
    const token = await signIn(api, agent)
    const trial = {
      token,
      body: trialBody(store.id),
      key: randomUUID(),
    }
    expect((await postTrial(api, trial)).status).toBe(201)
    expect((await postTrial(api, trial)).status).toBe(201)
    expect((await postTrial(api, { ...trial, token: 'expired' })).status).toBe(401)

    expect(await read()).toEqual({
      failures: before.failures + 1,
      stored: before.stored + 1,
      replays: before.replays + 1,
      trials: before.trials + 2,
      refused: before.refused + 1,
    })
  })

  it('labels the duration histogram with the template, never the path with its id', async () => {
    const agent = await createUser(api)
    const token = await signIn(api, agent)
    expect((await api.request('GET', '/questionnaire/987654', { token })).status).toBe(404)
    const text = await api.metrics.registry.metrics()
    expect(text).toContain(
      `${durationCount}{route="/api/v1/questionnaire/:id",method="GET",status="404"}`,
    )
    expect(text).not.toContain('987654')
  })
})

describe('the metrics listener', () => {
  it('answers GET /metrics in the Prometheus text format, with the process figures', async () => {
    const metrics = createMetrics({
      processMetrics: true,
      pools: () => [{ pool: 'queries', total: 3, idle: 2, waiting: 0 }],
    })
    metrics.lockOuts.inc()
    const server = serveMetrics(metrics.registry, 0, '127.0.0.1')
    await once(server, 'listening')
    try {
      const address = server.address()
      if (address === null || typeof address === 'string') throw new Error('no TCP address')
      const { port } = address
      const response = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/plain')
      const text = await response.text()
      for (const name of [
        'brand_expert_http_request_duration_seconds',
        'brand_expert_trials_stored_total',
        'brand_expert_trials_refused_total',
        'brand_expert_idempotent_replays_total',
        'brand_expert_voucher_redemptions_total',
        'brand_expert_voucher_conflicts_total',
        'brand_expert_sign_in_failures_total',
        'brand_expert_nodejs_eventloop_lag_seconds',
        'brand_expert_process_cpu_seconds_total',
      ]) {
        expect(text).toContain(`# TYPE ${name} `)
      }
      expect(text).toContain('brand_expert_sign_in_lock_outs_total 1')
      expect(text).toContain('brand_expert_db_pool_connections{pool="queries",state="idle"} 2')
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404)
    } finally {
      server.close()
    }
  })
})
