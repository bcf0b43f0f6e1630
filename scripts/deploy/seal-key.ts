/**
 * Prints a new key pair for `TRIAL_SEAL_KEYS` (docs/security.md#seal-keys): a private P-256 JWK
 * with its `kid`. `node scripts/deploy/seal-key.ts 2026-11` prints `[{…}]`; to rotate, put the new
 * key first and keep the old ones after it.
 */
export async function newSealKey(kid: string): Promise<Record<string, string>> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])
  const {
    kty = '',
    crv = '',
    x = '',
    y = '',
    d = '',
  } = await crypto.subtle.exportKey('jwk', pair.privateKey)
  return { kid, kty, crv, x, y, d }
}

if (import.meta.main) {
  const kid = process.argv[2] ?? new Date().toISOString().slice(0, 7)
  console.info(JSON.stringify([await newSealKey(kid)]))
}
