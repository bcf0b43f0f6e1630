/**
 * The register of erased contacts (docs/security.md#erasure): a keyed hash of every email and
 * phone erased, never the contact itself. In the database it lets a trial queued on a tablet
 * before the erasure be anonymised when it arrives; in `erasures.jsonl` beside the backups it lets
 * a restore re-apply the erasures made after the backup was taken.
 */
import { createHmac } from 'node:crypto'
import { appendFile, mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { inArray } from 'drizzle-orm'
import * as v from 'valibot'
import { erasureReasons, type ErasureReason } from '#contract/customer-rights.ts'
import { normalizePhone } from '#contract/phone.ts'
import type { Database } from '../db/database.ts'
import { erasedContacts } from '../db/schema/trials.ts'

export type Contact = { email: string | null; phone: string | null }

/** The forms trials and customers are matched by: an email without regard to case. */
export function contactKeys(contact: Contact): Contact {
  return {
    email: contact.email ? contact.email.trim().toLowerCase() : null,
    phone: contact.phone ? normalizePhone(contact.phone) : null,
  }
}

/**
 * The keyed hashes of a contact's email and phone: HMAC-SHA256 under `AUDIT_KEY` with a label of
 * their own, so that the register cannot be matched against a list of addresses without the key.
 */
export function contactHashes(key: string, contact: Contact): string[] {
  const { email, phone } = contactKeys(contact)
  const hash = (kind: string, value: string) =>
    createHmac('sha256', key).update(`erased-contact\n${kind}\n${value}`).digest('base64url')
  return [...(email ? [hash('email', email)] : []), ...(phone ? [hash('phone', phone)] : [])]
}

/** Whether any of these hashes is registered as erased. */
export async function anyErased(db: Database, hashes: string[]): Promise<boolean> {
  if (hashes.length === 0) return false
  const [found] = await db
    .select({ hash: erasedContacts.hash })
    .from(erasedContacts)
    .where(inArray(erasedContacts.hash, hashes))
    .limit(1)
  return found !== undefined
}

export async function registerHashes(db: Database, hashes: string[], at: Date): Promise<void> {
  if (hashes.length === 0) return
  await db
    .insert(erasedContacts)
    .values(hashes.map((hash) => ({ hash, erasedAt: at })))
    .onConflictDoNothing()
}

/** One erasure as the file beside the backups keeps it: ids, hashes and the reason's code. */
const erasureLineSchema = v.object({
  at: v.string(),
  customerId: v.nullable(v.number()),
  hashes: v.array(v.string()),
  reason: v.picklist(erasureReasons),
})
export type ErasureLine = v.InferOutput<typeof erasureLineSchema>

const registerFile = (backupDir: string) => join(backupDir, 'erasures.jsonl')

/**
 * Appends an erasure to the register beside the backups, before the database is changed: an
 * erasure that then fails is re-applied by a restore, which is what was asked for.
 */
export async function recordErasure(
  backupDir: string,
  erasure: { at: Date; customerId: number | null; hashes: string[]; reason: ErasureReason },
): Promise<void> {
  await mkdir(backupDir, { recursive: true, mode: 0o700 })
  const line: ErasureLine = { ...erasure, at: erasure.at.toISOString() }
  await appendFile(registerFile(backupDir), `${JSON.stringify(line)}\n`, { mode: 0o600 })
}

/** The erasures recorded beside the backups, oldest first; none when there is no register. */
export async function recordedErasures(backupDir: string): Promise<ErasureLine[]> {
  let text: string
  try {
    text = await readFile(registerFile(backupDir), 'utf8')
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return []
    throw error
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const parsed = v.safeParse(erasureLineSchema, JSON.parse(line))
      if (!parsed.success) throw new Error(`erasures.jsonl line ${index + 1} is not an erasure`)
      return parsed.output
    })
}
