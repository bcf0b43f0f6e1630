/**
 * `npm run audit:checkpoint`: verifies the audit log and prints a signed checkpoint of where it
 * stands (server/audit/checkpoint.ts), to be kept outside the database (a ticket, a mail, a paper
 * log). `GET /audit/verify?checkpoint=…` (the Audit screen's Integrity section) later checks the
 * log still holds it. On the embedded database the running server is asked through its control
 * socket, since no second process may open its folder; with none running, or on PostgreSQL, the
 * database is opened here. Exits 1 without a checkpoint when the log does not verify.
 */
import { checkpointAudit } from './audit/log.ts'
import { loadConfig } from './config.ts'
import { askServer } from './control.ts'
import { openDatabase } from './db/database.ts'

const config = loadConfig()

async function fromDatabase() {
  const database = await openDatabase(config)
  try {
    await database.migrate()
    return await checkpointAudit(database.db, config.auditKey, new Date())
  } finally {
    await database.close()
  }
}

const asked = config.databaseUrl ? null : await askServer(config.dataDir, 'audit-checkpoint')
const answer: unknown = asked ?? (await fromDatabase())
console.info(JSON.stringify(answer, null, 2))
const made = typeof answer === 'object' && answer !== null && 'checkpoint' in answer
if (!made || typeof answer.checkpoint !== 'string') {
  console.error('The audit log does not verify: no checkpoint made (see firstBrokenId, breaks).')
  process.exitCode = 1
}
