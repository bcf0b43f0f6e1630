import { createHash } from 'node:crypto'
import pino, { type DestinationStream, type Logger } from 'pino'
import * as v from 'valibot'

export type { DestinationStream, Logger }

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]
export type LogFormat = 'json' | 'pretty'

type Fields = Record<string, string | number | null | undefined>

/**
 * An error as its type, message, code and stack only: a database error's other properties (such
 * as PostgreSQL's `detail`) quote the values of the row, a customer's email among them.
 */
function errorFields(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) }
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined
  return { type: error.name, message: error.message, code, stack: error.stack }
}

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
}
const entrySchema = v.record(v.string(), v.unknown())
// Shown by the line's own layout, or of no use to a person at a terminal.
const shownApart = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err'])

/** An entry as a person reads it: `12:04:31 INFO  POST /api/v1/user/login 401 12ms`. */
export function humanLine(json: string): string {
  const entry = v.parse(entrySchema, JSON.parse(json))
  const time = typeof entry.time === 'number' ? new Date(entry.time) : new Date()
  const clock = time.toTimeString().slice(0, 8)
  const level = typeof entry.level === 'number' ? (levelNames[entry.level] ?? 'INFO ') : 'INFO '
  let text: string
  if (typeof entry.route === 'string' && typeof entry.status === 'number') {
    const user = typeof entry.user === 'number' ? ` user ${entry.user}` : ''
    text = `${String(entry.method)} ${entry.route} ${entry.status} ${String(entry.ms)}ms${user}`
  } else {
    const rest = Object.entries(entry)
      .filter(([key]) => !shownApart.has(key))
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    text = [typeof entry.msg === 'string' ? entry.msg : '', ...rest].join(' ')
  }
  const error = entry.err
  const stack =
    typeof error === 'object' &&
    error !== null &&
    'stack' in error &&
    typeof error.stack === 'string'
      ? `\n${error.stack}`
      : ''
  return `${clock} ${level} ${text}${stack}\n`
}

/** Writes each entry to `out` as a human line instead of JSON. */
function prettyTo(out: DestinationStream): DestinationStream {
  return { write: (json) => out.write(humanLine(json)) }
}

export type LoggerOptions = {
  level: LogLevel
  /** JSON by default unless stdout is a terminal. */
  format?: LogFormat | undefined
  /** Where entries go; stdout, written asynchronously, by default. */
  destination?: DestinationStream
}

/**
 * The server's logger: one JSON object a line. Stdout is written asynchronously, so that no
 * request waits for the terminal or the pipe; pino flushes what is buffered when the process
 * exits.
 */
export function createLogger({ level, format, destination }: LoggerOptions): Logger {
  const out = destination ?? pino.destination({ sync: false })
  const pretty = (format ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty'
  return pino(
    { level, serializers: { err: errorFields }, base: { pid: process.pid } },
    pretty ? prettyTo(out) : out,
  )
}

/** A logger that writes nothing (tests). */
export const silentLogger = (): Logger => pino({ level: 'silent' })

/**
 * A security or audit event (sign-ins, refused access, changes by an admin) with the request's
 * id, as `{ event, requestId, ...fields }`. Never pass passwords, tokens or links.
 */
export function logEvent(
  c: { var: { logger: Logger; requestId: string } },
  event: string,
  fields: Fields = {},
): void {
  c.var.logger.info({ event, requestId: c.var.requestId, ...fields }, event)
}

/**
 * What the logs say of an email typed at sign-in or reset: a short hash of it. It tells the events
 * of one account apart and matches an address an operator hashes the same way, while a password
 * typed into the email field by mistake is never written down.
 */
export function emailTag(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 12)
}
