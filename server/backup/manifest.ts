/**
 * A backup's manifest (docs/backups.md): `<name>.json` beside its data file, written last, so a
 * backup cut off while it was written has none and is not one. It tells a restore what it holds
 * (the schema version, every table's row count taken in the dump's own snapshot), whether the
 * data file is whole (its SHA-256), and which secrets the data was made with: their fingerprints
 * and the seal keys' ids, never the secrets themselves.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import * as v from 'valibot'
import type { Config } from '../config.ts'

export const databaseKinds = ['pglite', 'postgresql'] as const
export type DatabaseKind = (typeof databaseKinds)[number]

const fingerprintsSchema = v.object({
  jwtSecret: v.string(),
  auditKey: v.string(),
  trialSealKeys: v.array(v.string()),
})
export type SecretFingerprints = v.InferOutput<typeof fingerprintsSchema>

export const manifestSchema = v.object({
  name: v.string(),
  createdAt: v.string(),
  database: v.picklist(databaseKinds),
  /** The latest migration applied (its tag in server/db/migrations/meta/_journal.json). */
  schemaVersion: v.string(),
  /** A file name beside the manifest, never a path elsewhere. */
  dataFile: v.pipe(v.string(), v.regex(/^[\w.-]+$/)),
  bytes: v.number(),
  sha256: v.string(),
  rowCounts: v.record(v.string(), v.number()),
  secrets: fingerprintsSchema,
})
export type Manifest = v.InferOutput<typeof manifestSchema>

/** A secret's fingerprint: tells whether two secrets are the same, and nothing of either. */
function fingerprint(name: string, secret: string | Uint8Array): string {
  return createHash('sha256')
    .update(`brand-expert secret fingerprint\0${name}\0`)
    .update(secret)
    .digest('hex')
    .slice(0, 16)
}

export function secretFingerprints(
  config: Pick<Config, 'jwtSecret' | 'auditKey' | 'trialSealKeys'>,
): SecretFingerprints {
  return {
    jwtSecret: fingerprint('JWT_SECRET', config.jwtSecret),
    auditKey: fingerprint('AUDIT_KEY', config.auditKey),
    trialSealKeys: config.trialSealKeys.map((pair) => pair.kid),
  }
}

/**
 * The secrets a backup's data needs that this configuration lacks, each as a sentence naming the
 * variable: the audit chain is keyed with `AUDIT_KEY`, the device keys tablets open their kept
 * data with come from `JWT_SECRET`, and trials still queued on tablets are sealed to the seal keys.
 */
export function missingSecrets(needed: SecretFingerprints, have: SecretFingerprints): string[] {
  const missing: string[] = []
  if (needed.jwtSecret !== have.jwtSecret) {
    missing.push(
      `JWT_SECRET: the one the backed-up server used (fingerprint ${needed.jwtSecret}; without JWT_SECRET set, it was DATA_DIR/jwt-secret)`,
    )
  }
  if (needed.auditKey !== have.auditKey) {
    missing.push(`AUDIT_KEY: the one the backed-up server used (fingerprint ${needed.auditKey})`)
  }
  const lacking = needed.trialSealKeys.filter((kid) => !have.trialSealKeys.includes(kid))
  if (lacking.length > 0) {
    missing.push(`TRIAL_SEAL_KEYS: must hold the keys ${lacking.join(', ')}`)
  }
  return missing
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

export async function readManifest(file: string): Promise<Manifest> {
  return v.parse(manifestSchema, JSON.parse(await readFile(file, 'utf8')))
}

/**
 * A backup's name from the time it was made: `brand-expert-20261206T023542Z`, so that names sort
 * as times do.
 */
export function backupName(at: Date): string {
  return `brand-expert-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`
}

/** The manifest of a backup named by any of its files (`x.json`, `x.tar.gz`, `x.dump`) or its path without one. */
export function manifestPathOf(file: string): string {
  return `${file.replace(/\.(json|tar\.gz|dump)$/, '')}.json`
}
