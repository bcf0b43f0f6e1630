import * as v from 'valibot'
import { createPrivateKey, randomBytes } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compareAppVersions, noMinimumAppVersion } from '#contract/app-version.ts'
import { sealKeyIdSchema, type PublicSealKey } from '#contract/trial-seal.ts'
import { parseDomainList } from '#contract/validators.ts'
import { readAppVersion } from './app-version.ts'
import { logLevels, type LogFormat, type LogLevel } from './log.ts'

/**
 * `TRUSTED_PROXIES`: addresses (`10.0.0.5`) and ranges (`10.0.0.0/8`, `fd00::/8`), comma-separated,
 * of the load balancers whose `X-Forwarded-For` is believed (server/http/client-address.ts).
 */
function trustedProxyList(text: string): BlockList | undefined {
  const list = new BlockList()
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', bits, ...rest] = entry.split('/')
    const family = isIP(address)
    const type = family === 6 ? 'ipv6' : 'ipv4'
    const prefix = Number(bits)
    if (family === 0 || rest.length > 0) return undefined
    if (bits === undefined) list.addAddress(address, type)
    else if (Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 6 ? 128 : 32)) {
      list.addSubnet(address, prefix, type)
    } else return undefined
  }
  return list
}

const privateSealJwkSchema = v.object({
  kid: sealKeyIdSchema,
  kty: v.literal('EC'),
  crv: v.literal('P-256'),
  x: v.string(),
  y: v.string(),
  d: v.string(),
})

/** One of the server's key pairs that trials' contacts are sealed to (decision 20). */
export type SealKeyPair = {
  kid: string
  /** The private key as a JWK (ECDH P-256): opens what was sealed to it. */
  privateJwk: JsonWebKey
  /** What the app seals to. */
  publicKey: PublicSealKey
}

/**
 * `TRIAL_SEAL_KEYS`: a JSON array of private P-256 JWKs, each with its `kid`; the first is the one
 * the app seals to, the others are kept to open trials sealed before a rotation. Undefined when
 * it is not such a list.
 */
function sealKeyPairs(text: string): SealKeyPair[] | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  const result = v.safeParse(v.pipe(v.array(privateSealJwkSchema), v.minLength(1)), parsed)
  if (!result.success) return undefined
  const kids = new Set(result.output.map((jwk) => jwk.kid))
  if (kids.size !== result.output.length) return undefined
  try {
    return result.output.map(({ kid, ...jwk }) => {
      // Throws on a point that is not on the curve or a private part that does not match it.
      createPrivateKey({ key: jwk, format: 'jwk' })
      return {
        kid,
        privateJwk: jwk,
        publicKey: { kid, jwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } },
      }
    })
  } catch {
    return undefined
  }
}

/**
 * The seal key outside production: known to all (it is in this file), so it protects nothing;
 * for the demo and the tests. Fixed, so that trials sealed on a tablet still open after a restart
 * and in every process that shares a database.
 */
export const developmentSealKeys = JSON.stringify([
  {
    kid: 'development',
    kty: 'EC',
    crv: 'P-256',
    x: 'Dk-DgqwkJv0ZLOxrKr9UC3mL3F8DHF5pxFBSuPbsHAI',
    y: '0TvdriPf1OlSR2wdSDWpEdJ2Yko71p-wlZiMss3HXEo',
    d: 'M1UxkXMP1b2vfHtgCIxSfaU360bRNy7SfT8U55IvdeY',
  },
])

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** A number of customer searches, or `none`: no limit (for a load benchmark, not for people). */
const searchLimit = v.union(
  [v.literal('none'), v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1))],
  'a number of searches (1 or more), or none',
)

const retentionMonthsRule = 'RETENTION_MONTHS: a whole number of months, from 1 to 1200'

const envSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)), '3000'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.string(), '.data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.nonEmpty())),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32))),
  AUDIT_KEY: v.optional(v.pipe(v.string(), v.minLength(32))),
  TRIAL_SEAL_KEYS: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (text) => sealKeyPairs(text) !== undefined,
        'TRIAL_SEAL_KEYS: a JSON array of private P-256 JWKs, each with a distinct kid',
      ),
    ),
  ),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url())),
  SMTP_URL: v.optional(v.pipe(v.string(), v.nonEmpty())),
  MAIL_FROM: v.optional(v.string(), 'Brand Expert <no-reply@example.com>'),
  ALLOWED_EMAIL_DOMAINS: v.optional(v.string(), 'example.com,example.rs,example.me'),
  ASSET_BASE_URL: v.optional(v.pipe(v.string(), v.nonEmpty()), '/media/'),
  TIME_ZONE: v.optional(v.pipe(v.string(), v.check(isTimeZone)), 'Europe/Belgrade'),
  SEED_DEMO: v.optional(v.picklist(['true', 'false'])),
  DRAIN_DELAY: v.optional(v.pipe(v.string(), v.toNumber(), v.minValue(0), v.maxValue(300)), '0'),
  METRICS_PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0))),
  LOG_LEVEL: v.optional(v.picklist(logLevels), 'info'),
  LOG_FORMAT: v.optional(v.picklist(['json', 'pretty'])),
  TRUSTED_PROXIES: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (text) => trustedProxyList(text) !== undefined,
        'TRUSTED_PROXIES: comma-separated IP addresses or CIDR ranges, such as 10.0.0.0/8',
      ),
    ),
    '',
  ),
  MIN_APP_VERSION: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+\.\d+\.\d+(\+[0-9A-Za-z.-]+)?$/, 'MIN_APP_VERSION: a version such as 1.4.0'),
    ),
    noMinimumAppVersion,
  ),
  CUSTOMER_SEARCH_PER_MINUTE: v.optional(searchLimit, '30'),
  CUSTOMER_SEARCH_PER_HOUR: v.optional(searchLimit, '300'),
  BACKUP_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
  RETENTION_MONTHS: v.optional(
    v.pipe(
      v.string(),
      v.toNumber(retentionMonthsRule),
      v.integer(retentionMonthsRule),
      v.minValue(1, retentionMonthsRule),
      v.maxValue(1200, retentionMonthsRule),
    ),
    '24',
  ),
  BACKUP_KEEP: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), '7'),
  BACKUP_EVERY_HOURS: v.optional(
    v.pipe(v.string(), v.toNumber(), v.minValue(0.001), v.maxValue(24 * 365)),
  ),
  NODE_ENV: v.optional(v.string()),
  DIST_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
})

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  jwtSecret: Uint8Array
  /**
   * The HMAC key of the audit log's chain (`AUDIT_KEY`, at least 32 characters; server/audit/log.ts).
   * Required in production; elsewhere a fixed development key, so that the demo runs as it is.
   */
  auditKey: string
  /**
   * The key pairs that queued trials' contacts are sealed to (`TRIAL_SEAL_KEYS`), the current one
   * first. Required in production; elsewhere the fixed `developmentSealKeys`.
   */
  trialSealKeys: SealKeyPair[]
  publicUrl: string
  smtpUrl: string | undefined
  mailFrom: string
  allowedEmailDomains: string[]
  /** Where pack images are: a pack's `src` is its `image` with `./` replaced by this (ends in `/`). */
  assetBaseUrl: string
  /** The stores' time zone: date-only filters (`startAt`, `endAt`) are days in it. */
  timeZone: string
  /**
   * Whether an empty database gets the demo data, whose accounts share a published password
   * (`SEED_DEMO`): yes by default outside production, never in production unless set to `true`.
   */
  seedDemo: boolean
  /**
   * On SIGTERM, how long the process goes on serving after its readiness check turns 503, so that a
   * load balancer sees it and stops sending requests (at least two of its check intervals); 0 when
   * no balancer is in front.
   */
  drainDelayMs: number
  /** Where `GET /metrics` listens (on `host`), apart from the app; unset: no metrics served. */
  metricsPort: number | undefined
  /**
   * The load balancers in front (`TRUSTED_PROXIES`): a request from one of them is taken to come
   * from the rightmost `X-Forwarded-For` address that is not one of them. Empty by default: the
   * client is the connection's peer, and `X-Forwarded-For` is ignored.
   */
  trustedProxies: BlockList
  logLevel: LogLevel
  /** JSON lines, or a short human line each; unset: human lines when stdout is a terminal. */
  logFormat: LogFormat | undefined
  /** This build's version, `semver+commit` (server/app-version.ts). */
  appVersion: string
  /**
   * `MIN_APP_VERSION`: the oldest app that may still make mutations other than sending trials,
   * heartbeats and signing in (server/http/min-app-version.ts); `0.0.0` (the default) refuses none.
   * Never above `appVersion`: the server would refuse its own app.
   */
  minAppVersion: string
  /**
   * Customer searches one user may make (`CUSTOMER_SEARCH_PER_MINUTE`, `CUSTOMER_SEARCH_PER_HOUR`),
   * counted by every process together; more answer 429 (server/auth/throttle.ts). Far above what
   * a person at a counter types, far below paging through every customer's contacts. Null: no
   * limit (`none`), nothing counted.
   */
  customerSearchLimits: { perMinute: number | null; perHour: number | null }
  /**
   * Backups (docs/backups.md): where they are written (`BACKUP_DIR`, by default `DATA_DIR/backups`),
   * how many are kept there (`BACKUP_KEEP`, the newest), and how often the running server makes
   * one (`BACKUP_EVERY_HOURS`; unset: only when `npm run backup` asks).
   */
  backups: { dir: string; keep: number; everyHours: number | undefined }
  /**
   * How long a trial keeps its contact and free texts (`RETENTION_MONTHS`, by capture time): older
   * ones are anonymised by the hourly retention job (docs/security.md#retention).
   */
  retentionMonths: number
  /** `NODE_ENV=production`: nothing meant for a developer only (the links of mails kept in files). */
  production: boolean
  /** The built PWA (`npm run build`); served when it exists. */
  distDir: string
  /** Pack images, served under `/media/`. */
  mediaDir: string
}

/** The audit key outside production: known to all, so it proves nothing; for the demo and tests. */
export const developmentAuditKey = 'development audit key: set AUDIT_KEY in production'

const projectDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Reads the server's configuration from the environment, once, at start. Nothing else reads
 * `process.env`. Without `JWT_SECRET` a random secret is kept in the data folder, so tokens
 * survive a restart; processes that share a PostgreSQL database must share `JWT_SECRET`.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  appVersion: string = readAppVersion(),
): Config {
  const parsed = v.parse(envSchema, env)
  if (compareAppVersions(parsed.MIN_APP_VERSION, appVersion) > 0) {
    throw new Error(
      `MIN_APP_VERSION ${parsed.MIN_APP_VERSION} is above this server's version ${appVersion}: it would refuse its own app.`,
    )
  }
  const dataDir = resolve(parsed.DATA_DIR)
  const production = parsed.NODE_ENV === 'production'
  if (production && parsed.AUDIT_KEY === undefined) {
    throw new Error('AUDIT_KEY is required in production (at least 32 characters)')
  }
  if (production && parsed.TRIAL_SEAL_KEYS === undefined) {
    throw new Error('TRIAL_SEAL_KEYS is required in production (docs/security.md#seal-keys)')
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    jwtSecret: new TextEncoder().encode(parsed.JWT_SECRET ?? storedSecret(dataDir)),
    auditKey: parsed.AUDIT_KEY ?? developmentAuditKey,
    trialSealKeys: sealKeyPairs(parsed.TRIAL_SEAL_KEYS ?? developmentSealKeys) ?? [],
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    allowedEmailDomains: parseDomainList(parsed.ALLOWED_EMAIL_DOMAINS),
    assetBaseUrl: parsed.ASSET_BASE_URL.replace(/\/?$/, '/'),
    timeZone: parsed.TIME_ZONE,
    seedDemo: parsed.SEED_DEMO === undefined ? !production : parsed.SEED_DEMO === 'true',
    drainDelayMs: parsed.DRAIN_DELAY * 1000,
    metricsPort: parsed.METRICS_PORT,
    trustedProxies: trustedProxyList(parsed.TRUSTED_PROXIES) ?? new BlockList(),
    logLevel: parsed.LOG_LEVEL,
    logFormat: parsed.LOG_FORMAT,
    backups: {
      dir: parsed.BACKUP_DIR ? resolve(parsed.BACKUP_DIR) : join(dataDir, 'backups'),
      keep: parsed.BACKUP_KEEP,
      everyHours: parsed.BACKUP_EVERY_HOURS,
    },
    retentionMonths: parsed.RETENTION_MONTHS,
    production,
    appVersion,
    minAppVersion: parsed.MIN_APP_VERSION,
    customerSearchLimits: {
      perMinute:
        parsed.CUSTOMER_SEARCH_PER_MINUTE === 'none' ? null : parsed.CUSTOMER_SEARCH_PER_MINUTE,
      perHour: parsed.CUSTOMER_SEARCH_PER_HOUR === 'none' ? null : parsed.CUSTOMER_SEARCH_PER_HOUR,
    },
    distDir: parsed.DIST_DIR ? resolve(parsed.DIST_DIR) : join(projectDir, 'dist'),
    mediaDir: join(projectDir, 'server', 'media'),
  }
}

function storedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
