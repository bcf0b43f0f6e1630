/**
 * Runs PostgreSQL's own client programs (Debian's postgresql-client: `pg_dump`, `pg_restore`) on
 * the database of a connection string, handed to them in libpq's environment variables rather than
 * on the command line, where any user of the machine could read its password.
 */
import { spawn } from 'node:child_process'

function libpqEnvironment(connectionString: string): Record<string, string> {
  const url = new URL(connectionString)
  const env: Record<string, string> = {}
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ''))
  if (url.port) env.PGPORT = url.port
  if (url.username) env.PGUSER = decodeURIComponent(url.username)
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password)
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''))
  if (database) env.PGDATABASE = database
  const sslmode = url.searchParams.get('sslmode')
  if (sslmode) env.PGSSLMODE = sslmode
  return env
}

/** Runs `program` with `args` on the database; fails with its error output when it fails. */
export function runOnDatabase(
  program: 'pg_dump' | 'pg_restore',
  args: string[],
  connectionString: string,
): Promise<void> {
  const child = spawn(program, args, {
    env: { ...process.env, ...libpqEnvironment(connectionString) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    errors += chunk
  })
  return new Promise((resolve, reject) => {
    child.once('error', (error) =>
      reject(new Error(`${program} could not run (apt-get install postgresql-client): ${error}`)),
    )
    child.once('exit', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`${program} failed (${code}): ${errors.trim()}`))
    })
  })
}
