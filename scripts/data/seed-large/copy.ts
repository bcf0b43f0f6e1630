import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams'
import { report } from './progress.ts'

/* COPY in text format, streamed: rows are buffered into chunks of about 64 KB. */

type Cell = string | number | boolean | Date | null

const needsEscape = /[\\\t\n\r]/
const escapes: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
}

function field(value: Cell): string {
  if (value === null) return '\\N'
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'string') {
    return needsEscape.test(value)
      ? value.replace(/[\\\t\n\r]/g, (char) => escapes[char] ?? char)
      : value
  }
  return String(value)
}

const chunkSize = 1 << 16

/** The writers whose `COPY` has not ended: their connections are closed when the run fails. */
export const openWriters = new Set<CopyWriter>()

/** One `COPY table (columns) FROM STDIN` on a client of its own; `end()` waits for the server. */
export class CopyWriter {
  rows = 0
  private chunk = ''
  private released = false
  private readonly client: pg.PoolClient
  /** The largest id before this load: generated rows take the ids after it. */
  private readonly idBase: number
  private readonly stream: CopyStreamQuery
  private readonly done: Promise<void>

  constructor(client: pg.PoolClient, table: string, columns: readonly string[], idBase = 0) {
    this.client = client
    this.idBase = idBase
    this.stream = client.query(
      copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`, { highWaterMark: 1 << 20 }),
    )
    this.done = finished(this.stream).then(
      () => this.release(false),
      (error: unknown) => {
        this.release(true)
        throw error
      },
    )
    // Observed by `drain` and `end`; without a handler here a refused row would crash the process.
    this.done.catch(() => undefined)
    openWriters.add(this)
  }

  /** The id the next row gets. */
  nextId(): number {
    return this.idBase + this.rows + 1
  }

  write(cells: readonly Cell[]): void {
    this.chunk += cells.map(field).join('\t') + '\n'
    this.rows += 1
    if (this.chunk.length >= chunkSize) {
      this.stream.write(this.chunk)
      this.chunk = ''
    }
  }

  /** Waits while the server is behind (and throws what it refused). */
  async drain(): Promise<void> {
    if (!this.stream.writableNeedDrain) return
    await Promise.race([once(this.stream, 'drain').catch(() => undefined), this.done])
  }

  async end(): Promise<number> {
    if (this.chunk !== '') this.stream.write(this.chunk)
    this.chunk = ''
    this.stream.end()
    await this.done
    return this.rows
  }

  /**
   * Gives the connection back to the pool; a broken one (`discard`) is closed instead, which makes
   * the server roll its `COPY` back.
   */
  release(discard: boolean): void {
    if (this.released) return
    this.released = true
    openWriters.delete(this)
    this.client.release(discard)
  }
}

export async function writer(pool: pg.Pool, table: string, columns: readonly string[], idBase = 0) {
  return new CopyWriter(await pool.connect(), table, columns, idBase)
}

/** Copies the rows of one table, from a generator, and prints how long it took. */
export async function copyTable(
  pool: pg.Pool,
  table: string,
  columns: readonly string[],
  idBase: number,
  rows: (out: CopyWriter) => Generator<undefined, void, undefined>,
): Promise<number> {
  const since = performance.now()
  const out = await writer(pool, table, columns, idBase)
  let step = 0
  for (const _ of rows(out)) {
    step += 1
    if (step % 1024 === 0) await out.drain()
  }
  const written = await out.end()
  report(table, written, since)
  return written
}
