/** Starts the API and the PWA on the configured database (entry: main.ts, which turns on the compile cache). */
import { once } from 'node:events'
import { Server, type ServerResponse } from 'node:http'
import type { Server as NetServer } from 'node:net'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/database.ts'
import { forgetExpiredKeys } from './http/idempotency.ts'
import { applyRetention } from './privacy/retention.ts'
import { answerUnreadableRequests } from './http/unreadable.ts'
import { checkpointAudit, sealAuditHead } from './audit/log.ts'
import { createBackups } from './backup/backups.ts'
import { secretsLackedAfterRestore } from './backup/restored-secrets.ts'
import { latestBackup } from './backup/write.ts'
import { serveControl } from './control.ts'
import { demoPassword, demoUsers, seedDemo } from './demo/seed.ts'
import { createLogger } from './log.ts'
import { createMailer } from './mail/mailer.ts'
import { createMetrics, serveMetrics } from './metrics.ts'
import { createTasks } from './tasks.ts'
import { createReadiness } from './readiness.ts'

const config = loadConfig()
const logger = createLogger({ level: config.logLevel, format: config.logFormat })
const readiness = createReadiness()
const database = await openDatabase(config, { logger })
const clock = () => new Date()
// A developer without SMTP follows the links of mails kept in files from the terminal.
const mailer = createMailer(config, config.production ? undefined : (line) => console.info(line))
const tasks = createTasks(logger)
const metrics = createMetrics({
  pools: database.poolUsage,
  processMetrics: true,
  lastBackup: () => latestBackup(config.backups.dir),
})
const metricsServer =
  config.metricsPort === undefined
    ? undefined
    : serveMetrics(metrics.registry, config.metricsPort, config.host)
const backups = createBackups({ database, config, clock, logger })
const app = createApp({ db: database.db, mailer, clock, config, tasks, logger, metrics }, readiness)
// Set once the database is migrated; a shutdown before then has none to stop.
let keySweep: ReturnType<typeof setInterval> | undefined = undefined
let retentionSweep: ReturnType<typeof setInterval> | undefined = undefined
let controlServer: NetServer | undefined = undefined

/**
 * Requests being handled, whether or not their client is still there: one whose client left
 * goes on (a sign-in still clears its attempt, a trial is still stored), and shutdown waits for
 * it before it closes the database.
 */
const handling = new Set<Promise<Response>>()
const fetch: typeof app.fetch = (request, env, context) => {
  const answer = Promise.resolve(app.fetch(request, env, context))
  handling.add(answer)
  const handled = () => handling.delete(answer)
  answer.then(handled, handled)
  return answer
}

// Listening before the database is migrated: a load balancer's readiness check (`/ready`) gets
// its 503 from this process while it starts, rather than a refused connection.
const server = serve({ fetch, port: config.port, hostname: config.host })

/**
 * Answers not yet sent. Once shutting down, every answer closes its connection: a kept-alive
 * connection would otherwise carry new requests as long as its client keeps it busy (a load
 * balancer does), and the server would wait for it until the force timer cuts requests off.
 */
const unanswered = new Set<ServerResponse>()
let closing = false
if (server instanceof Server) {
  answerUnreadableRequests(server)
  server.on('request', (_request, response: ServerResponse) => {
    if (closing) response.setHeader('Connection', 'close')
    unanswered.add(response)
    response.once('close', () => unanswered.delete(response))
  })
}

/**
 * Tells the balancer (`/ready` answers 503), serves on for `DRAIN_DELAY`, then stops accepting,
 * lets requests in flight finish (those whose client left too), waits for mail,
 * then closes the database.
 */
async function shutDown(signal: string) {
  logger.info({ signal }, 'shutting down')
  // The balancer learns from `/ready` first, and routes around this process while it still serves.
  readiness.drain()
  if (config.drainDelayMs > 0) {
    await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs))
  }
  closing = true
  for (const response of unanswered) {
    if (!response.headersSent) response.setHeader('Connection', 'close')
  }
  const force = setTimeout(() => {
    if (server instanceof Server) server.closeAllConnections()
  }, 10_000).unref()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  clearTimeout(force)
  // Scraped to the end: the last figures of a stopping process are read while it drains.
  metricsServer?.close()
  controlServer?.close()
  await Promise.allSettled(handling)
  clearInterval(keySweep)
  clearInterval(retentionSweep)
  backups.stop()
  await backups.idle()
  await tasks.idle()
  mailer.close()
  await database.close()
  // pino's destination writes what it buffered as the process exits.
  logger.info('stopped')
  process.exit(0)
}
process.once('SIGTERM', (signal) => void shutDown(signal))
process.once('SIGINT', (signal) => void shutDown(signal))

await database.migrate()
// Freshly restored data names the secrets it was made with: without them, the app would open
// nothing that tablets keep and break the audit chain (docs/backups.md).
const lacked = await secretsLackedAfterRestore(database.db, config)
if (lacked.length > 0) {
  console.error(
    `The restored database needs the secrets it was made with, which this configuration lacks:\n- ${lacked.join('\n- ')}`,
  )
  await database.close()
  process.exit(1)
}
const sealedAt = await sealAuditHead(database.db, config.auditKey)
if (sealedAt !== null && sealedAt > 0) {
  // Once after the upgrade that brought the seal; at any other time, someone unsealed the head.
  logger.warn({ event: 'audit.sealed', position: sealedAt }, 'the audit head was sealed as found')
}
if (config.seedDemo && config.production) {
  // Only ever asked for (SEED_DEMO=true): the demo accounts' password is published in the README.
  logger.warn(
    { event: 'demo.inProduction' },
    'SEED_DEMO=true in production: the demo accounts, whose password is published, can sign in',
  )
}
if (config.seedDemo && (await seedDemo(database.db, clock))) {
  logger.info('seeded the demo data')
}
// Idempotency keys past their 30 days: nothing reads them again (an old key coming back is new).
const forgetKeys = () =>
  tasks.run('forget expired idempotency keys', async () => {
    await forgetExpiredKeys(database.db, clock())
  })
forgetKeys()
keySweep = setInterval(forgetKeys, 60 * 60_000).unref()
// Trials past RETENTION_MONTHS lose their contact and free texts (docs/security.md#retention).
const retain = () =>
  tasks.run('retention', async () => {
    await applyRetention(
      database.db,
      { auditKey: config.auditKey, logger, months: config.retentionMonths },
      clock(),
    )
  })
retain()
retentionSweep = setInterval(retain, 60 * 60_000).unref()
// The operator's commands on the embedded database ask this process (server/control.ts).
controlServer = config.databaseUrl
  ? undefined
  : serveControl(config.dataDir, (command) =>
      command === 'backup' ? backups.now() : checkpointAudit(database.db, config.auditKey, clock()),
    )
backups.schedule()
readiness.ready()
if (!server.listening) await once(server, 'listening')
const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
const address = server.address()
const port = typeof address === 'object' && address ? address.port : config.port
logger.info({ url: `http://${host}:${port}` }, 'listening')
if (metricsServer) {
  if (!metricsServer.listening) await once(metricsServer, 'listening')
  const metricsAddress = metricsServer.address()
  const metricsPort = typeof metricsAddress === 'object' && metricsAddress ? metricsAddress.port : 0
  logger.info({ url: `http://${host}:${metricsPort}/metrics` }, 'metrics')
}
// Plain lines, whatever the log format, for the person who started the server and for the
// scripts that wait for them (`listening on http://…`, `Demo logins`).
console.info(`Brand Expert listening on http://${host}:${port}`)
if (config.seedDemo) {
  if (config.production) {
    console.warn('WARNING: SEED_DEMO=true in production. Never on real data: anyone may sign in as')
  }
  console.info(`Demo logins (password ${demoPassword}):`)
  for (const user of demoUsers) console.info(`  ${user.role.padEnd(8)} ${user.email}`)
}
