import { createHmac } from 'node:crypto'
import type { Config } from '../config.ts'

/**
 * The key that opens a user's kept data on one device after a password sign-in
 * (docs/security.md#the-pin-and-the-device-key): HMAC-SHA-256 of the user and the device under the
 * server's secret, so every process that shares `JWT_SECRET` gives the same key, and it is never
 * stored. It is handed out only with a password: a copied profile alone cannot ask for it.
 */
export function deviceKey(secret: Config['jwtSecret'], userId: number, deviceId: string): string {
  return createHmac('sha256', secret)
    .update(`device-key\u0000${userId}\u0000${deviceId}`)
    .digest('base64url')
}
