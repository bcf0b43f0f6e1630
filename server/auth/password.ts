import { hash, verify } from '@node-rs/argon2'

/** argon2id (the library's default algorithm) at OWASP's minimum: m = 19 MiB, t = 2, p = 1. */
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password)
}

let decoyHash: Promise<string> | undefined

/**
 * Spends the time of one verification when there is no hash to check (unknown email, invited
 * user), so that the answer's timing does not tell whether an account exists.
 */
export async function verifyNothing(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password, never matches')
  await verify(await decoyHash, password)
  return false
}
