/**
 * `npm run restore -- FILE`: restores the backup FILE names (its manifest or data file) into the
 * empty database `DATA_DIR` or `DATABASE_URL` names (docs/backups.md), then prints what it did and
 * the secrets the app must start with on the restored data. Exits 1, naming why, when it refuses
 * or when the restored data does not verify.
 */
import { RestoreRefused, restoreBackup } from './backup/restore.ts'
import { loadConfig } from './config.ts'
import { createLogger } from './log.ts'

const file = process.argv[2]
if (file === undefined || file.startsWith('-')) {
  console.error('Usage: npm run restore -- FILE (a backup’s .json manifest or its data file)')
  process.exit(1)
}
const config = loadConfig()
const logger = createLogger({ level: config.logLevel, format: config.logFormat })
try {
  const restored = await restoreBackup(file, config, logger, new Date())
  const { manifest } = restored
  const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0)
  console.info(
    `Restored ${manifest.name} (made ${manifest.createdAt}): ${rows} rows, as its manifest counts.`,
  )
  console.info(
    `Schema ${manifest.schemaVersion}${manifest.schemaVersion === restored.schemaVersion ? '' : `, migrated to ${restored.schemaVersion}`}.`,
  )
  console.info(`Ended ${restored.sessionsEnded} sessions: everyone signs in again.`)
  const { customers, trials } = restored.erasuresReapplied
  console.info(
    `Erasures recorded after the backup, applied again: ${customers.length} customers, ${trials.length} trials.`,
  )
  console.info(
    `The audit chain verifies, ${restored.auditPosition} rows with "restored from ${manifest.name}".`,
  )
  console.info(
    `Start the app on it only with the secrets it was made with: JWT_SECRET (fingerprint ${manifest.secrets.jwtSecret}), AUDIT_KEY (fingerprint ${manifest.secrets.auditKey}), TRIAL_SEAL_KEYS holding ${manifest.secrets.trialSealKeys.join(', ')}.`,
  )
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  console.error(
    error instanceof RestoreRefused ? `Restore refused: ${message}` : `Restore failed: ${message}`,
  )
  process.exitCode = 1
}
