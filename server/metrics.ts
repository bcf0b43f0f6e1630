import { createServer, type Server } from 'node:http'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/** A pool of database connections as a scrape sees it (node-postgres's counts). */
export type PoolUsage = { pool: string; total: number; idle: number; waiting: number }

export type Metrics = {
  registry: Registry
  requestDuration: Histogram<'route' | 'method' | 'status'>
  trialsStored: Counter
  trialsRefused: Counter<'status'>
  replays: Counter<'route'>
  voucherRedemptions: Counter
  voucherConflicts: Counter<'reason'>
  signInFailures: Counter
  lockOuts: Counter
}

export type MetricsOptions = {
  /** The database's pools, read at each scrape; none on the embedded database. */
  pools?: () => PoolUsage[]
  /** Event-loop lag, memory, CPU, handles: a process's own (server/serve.ts), not a test app's. */
  processMetrics?: boolean
  /** The newest backup in `BACKUP_DIR` (server/backup/write.ts), read at each scrape. */
  lastBackup?: () => Promise<{ createdAt: string; bytes: number } | null>
}

/**
 * The app's metrics, in a registry of its own: two apps in one process (the tests) count apart.
 * Labels are route templates, methods, statuses and message ids: a few dozen values each, never a
 * path, an id or anything a client typed.
 */
export function createMetrics({
  pools,
  processMetrics = false,
  lastBackup,
}: MetricsOptions = {}): Metrics {
  const registry = new Registry()
  const registers = [registry]
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'brand_expert_' })
  if (pools) {
    const states = ['total', 'idle', 'waiting'] as const
    new Gauge({
      name: 'brand_expert_db_pool_connections',
      help: 'PostgreSQL pool connections: open (total), idle, and requests waiting for one',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        for (const usage of pools()) {
          for (const state of states) this.set({ pool: usage.pool, state }, usage[state])
        }
      },
    })
  }
  if (lastBackup) {
    // Alert when the time falls behind BACKUP_EVERY_HOURS; both are absent until a first backup.
    new Gauge({
      name: 'brand_expert_backup_last_time_seconds',
      help: 'When the newest backup in BACKUP_DIR was made (Unix time)',
      registers,
      async collect() {
        const latest = await lastBackup()
        if (latest) this.set(Date.parse(latest.createdAt) / 1000)
      },
    })
    new Gauge({
      name: 'brand_expert_backup_last_size_bytes',
      help: "The newest backup's data file size in bytes",
      registers,
      async collect() {
        const latest = await lastBackup()
        if (latest) this.set(latest.bytes)
      },
    })
  }
  return {
    registry,
    requestDuration: new Histogram({
      name: 'brand_expert_http_request_duration_seconds',
      help: 'API requests by route template, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    trialsStored: new Counter({
      name: 'brand_expert_trials_stored_total',
      help: 'Trials stored (replays not counted)',
      registers,
    }),
    trialsRefused: new Counter({
      name: 'brand_expert_trials_refused_total',
      help: 'Trial submissions answered 4xx, by status',
      labelNames: ['status'],
      registers,
    }),
    replays: new Counter({
      name: 'brand_expert_idempotent_replays_total',
      help: 'Answers sent again for an Idempotency-Key already used, by route template',
      labelNames: ['route'],
      registers,
    }),
    voucherRedemptions: new Counter({
      name: 'brand_expert_voucher_redemptions_total',
      help: 'Vouchers redeemed (replays not counted)',
      registers,
    }),
    voucherConflicts: new Counter({
      name: 'brand_expert_voucher_conflicts_total',
      help: 'Redemptions refused with 409, by message (used, expired, own referral, in progress)',
      labelNames: ['reason'],
      registers,
    }),
    signInFailures: new Counter({
      name: 'brand_expert_sign_in_failures_total',
      help: 'Sign-ins refused for a wrong email or password',
      registers,
    }),
    lockOuts: new Counter({
      name: 'brand_expert_sign_in_lock_outs_total',
      help: 'Sign-ins and password changes refused for too many failures (429)',
      registers,
    }),
  }
}

/**
 * `GET /metrics` in Prometheus's text format, on a port of its own (`METRICS_PORT`): a scraper
 * reaches it inside the network, while the app's port faces the users, who have no use for it.
 */
export function serveMetrics(registry: Registry, port: number, host: string): Server {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end()
      return
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    )
  })
  return server.listen(port, host)
}
