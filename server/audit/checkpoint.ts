import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Config } from '../config.ts'

/**
 * A signed checkpoint of the audit chain (`npm run audit:checkpoint`): where the chain stood at a
 * moment, kept outside the database. `GET /audit/verify?checkpoint=` checks that the chain still
 * holds that row at that position, which catches a log cut back to an older head and that head
 * copied back with its seal. Signed under `AUDIT_KEY`, so a checkpoint cannot be made up, only
 * kept: `v1.<position>.<hmac>.<time in ms>.<signature>`.
 */
export type AuditCheckpoint = AuditPosition & { at: Date }

/** Where the chain stands: the last row's position and HMAC. */
export type AuditPosition = { position: number; hmac: string }

function signature(key: Config['auditKey'], position: number, hmac: string, at: number): string {
  return createHmac('sha256', key)
    .update(JSON.stringify(['checkpoint', 1, position, hmac, at]))
    .digest('hex')
}

export function makeCheckpoint(key: Config['auditKey'], { position, hmac, at }: AuditCheckpoint) {
  const time = at.getTime()
  return `v1.${position}.${hmac}.${time}.${signature(key, position, hmac, time)}`
}

/** The checkpoint a token holds, or null when it is not one signed under this key. */
export function readCheckpoint(key: Config['auditKey'], token: string): AuditCheckpoint | null {
  const match = /^v1\.(\d{1,10})\.([0-9a-f]{0,64})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(token)
  if (!match) return null
  const [, position = '', hmac = '', time = '', signed = ''] = match
  const expected = signature(key, Number(position), hmac, Number(time))
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signed))) return null
  return { position: Number(position), hmac, at: new Date(Number(time)) }
}
