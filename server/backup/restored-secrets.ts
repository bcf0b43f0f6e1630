/**
 * The secrets restored data needs, held where the app finds them at its start: in the restore's
 * own row of the audit chain (`database.restore`), whose detail names their fingerprints (never
 * the secrets). Until anything else is appended after that row, the data has not been used with
 * any secrets, and a server whose configuration lacks them refuses to start, naming them.
 */
import { desc, eq } from 'drizzle-orm'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { auditHead, auditLog } from '../db/schema/audit.ts'
import {
  missingSecrets,
  secretFingerprints,
  type Manifest,
  type SecretFingerprints,
} from './manifest.ts'

/** The restore row's detail: what was restored, and the fingerprints of the secrets it needs. */
export function restoreDetail(manifest: Manifest): string {
  const { jwtSecret, auditKey, trialSealKeys } = manifest.secrets
  return `restored from ${manifest.name} (made ${manifest.createdAt}); needs JWT_SECRET ${jwtSecret}, AUDIT_KEY ${auditKey}, TRIAL_SEAL_KEYS ${trialSealKeys.join(' ')}`
}

function neededBy(detail: string | null): SecretFingerprints | null {
  const found = /needs JWT_SECRET (\w+), AUDIT_KEY (\w+), TRIAL_SEAL_KEYS (.*)$/.exec(detail ?? '')
  if (!found) return null
  const [, jwtSecret = '', auditKey = '', kids = ''] = found
  return { jwtSecret, auditKey, trialSealKeys: kids.split(' ').filter(Boolean) }
}

/**
 * The secrets a server about to start on freshly restored data lacks (empty when it has them, or
 * when the data was not just restored): read from the chain's last row when it is a restore's.
 */
export async function secretsLackedAfterRestore(
  db: Database,
  config: Pick<Config, 'jwtSecret' | 'auditKey' | 'trialSealKeys'>,
): Promise<string[]> {
  const [last] = await db
    .select({ action: auditLog.action, detail: auditLog.detail })
    .from(auditLog)
    .innerJoin(auditHead, eq(auditHead.position, auditLog.id))
    .orderBy(desc(auditLog.id))
    .limit(1)
  const needed = last?.action === 'database.restore' ? neededBy(last.detail) : null
  return needed ? missingSecrets(needed, secretFingerprints(config)) : []
}
