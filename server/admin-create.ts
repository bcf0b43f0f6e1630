/**
 * `npm run admin:create -- --email <address> [--name <full name>] [--role super|admin] [--invite]
 * [--language me|sr|en]`: the first administrator of a new installation (production seeds no demo
 * accounts), or any other, from the command line. The password is typed at a hidden prompt
 * (twice), or read from the first line of standard input when it is not a terminal; with
 * `--invite` there is none, and the user is mailed a one-time link to set it (as `POST
 * /user/create` does). On the configuration of the server (README's table): PostgreSQL with
 * `DATABASE_URL`, else the embedded database in `DATA_DIR`, which must not be open in a running
 * server (stop it first). The database is migrated first; the act is in the audit log
 * (`user.create`, the actor `admin:create (<system user>@<host>)`). Exits 1 with the reason when
 * anything is refused.
 */
import { hostname, userInfo } from 'node:os'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import * as v from 'valibot'
import { defaultLocale, locales } from '#contract/locale.ts'
import { messages } from '#contract/messages.ts'
import { userFormSchema } from '#contract/users.ts'
import { passwordSchema, restrictedEmailSchema } from '#contract/validators.ts'
import { appendAudit } from './audit/log.ts'
import { hashPassword } from './auth/password.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/database.ts'
import { users } from './db/schema/users.ts'
import { translate } from './i18n.ts'
import { createLogger } from './log.ts'
import { createMailer } from './mail/mailer.ts'
import { emailTaken } from './routes/users/queries.ts'
import { isUniqueViolation } from './routes/users/form.ts'
import { sendInvitation } from './routes/users/routes.ts'
import { administrationMessages } from '#contract/administration-messages.ts'

const usage =
  'Usage: npm run admin:create -- --email <address> [--name <full name>] [--role super|admin] [--invite] [--language me|sr|en]'

/** A refusal the operator reads: its message alone, no stack. */
class Refused extends Error {}

const english = (id: string) => translate('en', id)

/** The value a schema accepts, or a refusal with its message, after `option` when one is named. */
function checked<S extends v.GenericSchema>(schema: S, value: unknown, option?: string) {
  const result = v.safeParse(schema, value)
  if (result.success) return result.output
  const message = english(result.issues[0].message)
  throw new Refused(option === undefined ? message : `${option}: ${message}`)
}

/** Who ran the command, for the audit log: the system user and the machine. */
function operator(): string {
  let name: string
  try {
    name = userInfo().username
  } catch {
    // A container's user may have no name.
    name = `uid ${process.getuid?.() ?? '?'}`
  }
  return `admin:create (${name}@${hostname()})`
}

/** Reads a line typed at the terminal without showing it. */
function typedSecretly(prompt: string): Promise<string> {
  const input = process.stdin
  process.stderr.write(prompt)
  input.setRawMode(true)
  input.setEncoding('utf8')
  input.resume()
  return new Promise((resolve, reject) => {
    let typed = ''
    const done = () => {
      input.off('data', onData)
      input.setRawMode(false)
      input.pause()
      process.stderr.write('\n')
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          done()
          resolve(typed)
          return
        }
        if (char === '\u0003' || char === '\u0004') {
          done()
          reject(new Refused('Cancelled: no user created.'))
          return
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1)
        else typed += char
      }
    }
    input.on('data', onData)
  })
}

/** The first line of standard input (a password piped in: a script, a test). */
async function firstLineOfInput(): Promise<string> {
  for await (const line of createInterface({ input: process.stdin })) return line
  throw new Refused('No password on standard input: pipe one in, or use --invite.')
}

async function password(): Promise<string> {
  if (!process.stdin.isTTY) return checked(passwordSchema, await firstLineOfInput())
  const typed = checked(passwordSchema, await typedSecretly('Password: '))
  if ((await typedSecretly('The same password again: ')) !== typed) {
    throw new Refused(english(messages.confirmed.id))
  }
  return typed
}

async function createAdmin() {
  let parsed
  try {
    parsed = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string', default: 'Administrator' },
        role: { type: 'string', default: 'super' },
        invite: { type: 'boolean', default: false },
        language: { type: 'string', default: defaultLocale },
      },
    }).values
  } catch (error) {
    throw new Refused(`${error instanceof Error ? error.message : String(error)}\n${usage}`)
  }
  if (parsed.email === undefined) throw new Refused(usage)
  const config = loadConfig()
  const email = checked(restrictedEmailSchema(config.allowedEmailDomains), parsed.email, '--email')
  const fullname = checked(userFormSchema.entries.fullname, parsed.name, '--name')
  const role = checked(v.picklist(['super', 'admin'], 'super or admin'), parsed.role, '--role')
  const language = checked(v.picklist(locales, 'me, sr or en'), parsed.language, '--language')
  // Asked for before the database is opened: nothing waits on a person typing.
  const passwordHash = parsed.invite ? null : await hashPassword(await password())

  const logger = createLogger({ level: config.logLevel, format: config.logFormat })
  const database = await openDatabase(config, { logger })
  const mailer = createMailer(config, config.production ? undefined : (line) => console.info(line))
  try {
    await database.migrate()
    const now = new Date()
    const id = await database.db.transaction(async (tx) => {
      // A deleted user keeps their address, as in the admin screens.
      if (await emailTaken(tx, email)) {
        throw new Refused(`${english(administrationMessages.emailInUse.id)} (${email})`)
      }
      const [row] = await tx
        .insert(users)
        .values({ role, fullname, email: email.trim(), phone: null, passwordHash, createdAt: now })
        .returning({ id: users.id })
      if (!row) throw new Error('no user inserted')
      await appendAudit(tx, { auditKey: config.auditKey, logger }, now, {
        actor: { id: null, email: operator(), role: null },
        action: 'user.create',
        target: `user:${row.id}`,
        outcome: 'success',
        clientAddress: 'local',
        detail: role,
      })
      return row.id
    })
    const made = `Created the ${role === 'super' ? 'super user' : 'admin'} ${email} (user ${id})`
    if (passwordHash === null) {
      const clock = () => new Date()
      await sendInvitation(
        { db: database.db, clock, config, mailer },
        { id, email, fullname },
        language,
      )
      const kept = config.smtpUrl ? '' : ` (no SMTP_URL: kept in ${config.dataDir}/mail)`
      console.info(`${made} and mailed them a link to set their password, for 7 days${kept}.`)
    } else {
      console.info(`${made}. Sign in at ${config.publicUrl}/login.`)
    }
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Refused(`${english(administrationMessages.emailInUse.id)} (${email})`)
    throw error
  } finally {
    mailer.close()
    await database.close()
  }
}

try {
  await createAdmin()
} catch (error) {
  // A refusal, a folder another process has open, a database that cannot be reached: the reason.
  console.error(
    error instanceof Refused
      ? error.message
      : `Not created: ${error instanceof Error ? error.message : String(error)}`,
  )
  process.exitCode = 1
}
