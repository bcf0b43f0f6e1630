import * as v from 'valibot'

/**
 * A waiting trial's contact fields sealed to the server's public key: an
 * ephemeral ECDH P-256 key agreed with the server's, HKDF-SHA-256 to an AES-256-GCM key, the
 * trial's id as additional data (a sealed contact cannot be moved to another trial). Only the
 * server's private key opens it; the device that sealed it cannot. WebCrypto only, so the PWA
 * seals and the server opens with the same code.
 */
export const sealAlgorithm = 'ECDH-ES-P256+HKDF-SHA256+A256GCM'

const base64url = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/))

export const sealedSchema = v.object({
  alg: v.literal(sealAlgorithm),
  epk: v.object({ kty: v.literal('EC'), crv: v.literal('P-256'), x: base64url, y: base64url }),
  iv: base64url,
  ciphertext: base64url,
})
/** A value sealed to one of the server's public keys (ECDH P-256 and AES-GCM). */
export type SealedValue = v.InferOutput<typeof sealedSchema>

/** Names one of the server's key pairs, so that a key can be replaced (decision 20). */
export const sealKeyIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,64}$/))

/** What a trial carries as `sealed_contact`: the sealed value and the id of the key it is sealed to. */
export const sealedContactSchema = v.object({
  kid: sealKeyIdSchema,
  ...sealedSchema.entries,
  ciphertext: v.pipe(base64url, v.maxLength(4096)),
})
export type SealedContact = v.InferOutput<typeof sealedContactSchema>

/** The server's public key as `GET /trial-seal-key` serves it and the device keeps it. */
export const publicSealKeySchema = v.object({
  kid: sealKeyIdSchema,
  jwk: v.object({ kty: v.literal('EC'), crv: v.literal('P-256'), x: base64url, y: base64url }),
})
export type PublicSealKey = v.InferOutput<typeof publicSealKeySchema>

const info = new TextEncoder().encode('brand-expert trial contact v1')
const ecdh = { name: 'ECDH', namedCurve: 'P-256' } as const

function toBase64url(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

async function contentKey(privateKey: CryptoKey, publicKey: CryptoKey, usage: KeyUsage) {
  const shared = await crypto.subtle.deriveBits(
    { name: 'ECDH', public: publicKey },
    privateKey,
    256,
  )
  const material = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  )
}

/** The server's public key (a JWK) as WebCrypto takes it. */
export function importSealKey(jwk: JsonWebKey): Promise<CryptoKey> {
  return crypto.subtle.importKey('jwk', jwk, ecdh, false, [])
}

/** `value` sealed to the server's public key, bound to `trialId`. */
export async function sealToServer(
  serverKey: CryptoKey,
  trialId: string,
  value: unknown,
): Promise<SealedValue> {
  const ephemeral = await crypto.subtle.generateKey(ecdh, true, ['deriveBits'])
  const key = await contentKey(ephemeral.privateKey, serverKey, 'encrypt')
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(trialId) },
    key,
    new TextEncoder().encode(JSON.stringify(value)),
  )
  const { x = '', y = '' } = await crypto.subtle.exportKey('jwk', ephemeral.publicKey)
  return {
    alg: sealAlgorithm,
    epk: { kty: 'EC', crv: 'P-256', x, y },
    iv: toBase64url(iv),
    ciphertext: toBase64url(new Uint8Array(ciphertext)),
  }
}

/**
 * What `sealToServer` sealed for `trialId`; throws when it was altered, sealed to another key or
 * for another trial.
 */
export async function openSealed(
  privateKey: CryptoKey,
  trialId: string,
  sealed: SealedValue,
): Promise<unknown> {
  const epk = await crypto.subtle.importKey('jwk', sealed.epk, ecdh, false, [])
  const key = await contentKey(privateKey, epk, 'decrypt')
  const plain = await crypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: fromBase64url(sealed.iv),
      additionalData: new TextEncoder().encode(trialId),
    },
    key,
    fromBase64url(sealed.ciphertext),
  )
  return JSON.parse(new TextDecoder().decode(plain)) as unknown
}
