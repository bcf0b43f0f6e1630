import type { SealKeyPair } from '../../config.ts'

/**
 * The private keys of `TRIAL_SEAL_KEYS` by id, imported once at the first use: `privateKeyOf`
 * answers synchronously once `ready` has resolved.
 */
export function sealKeyring(pairs: SealKeyPair[]) {
  let keys: Map<string, CryptoKey> | undefined
  let loading: Promise<Map<string, CryptoKey>> | undefined
  const ready = async () => {
    loading ??= Promise.all(
      pairs.map(
        async (pair) =>
          [
            pair.kid,
            await crypto.subtle.importKey(
              'jwk',
              pair.privateJwk,
              { name: 'ECDH', namedCurve: 'P-256' },
              false,
              ['deriveBits'],
            ),
          ] as const,
      ),
    ).then((entries) => (keys = new Map(entries)))
    return loading
  }
  return {
    ready,
    privateKeyOf: (kid: string) => keys?.get(kid),
  }
}
export type SealKeyring = ReturnType<typeof sealKeyring>
