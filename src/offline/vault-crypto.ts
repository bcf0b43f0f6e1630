/**
 * The cryptography of the data kept on the device: a random AES-GCM data key
 * encrypts every personal record; the data key is kept wrapped by a key derived from the user's
 * PIN. Only WebCrypto: the browser's and Node's are the same API.
 */

/** OWASP's current recommendation for PBKDF2-HMAC-SHA-256. */
export const pinIterations = 600_000

/** A value encrypted under the data key. */
export type Encrypted = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }

/** The data key wrapped by a key given whole (the device key, a passkey's PRF), not derived. */
export type KeyWrap = { iv: Uint8Array<ArrayBuffer>; wrapped: ArrayBuffer }

/** The data key as kept: wrapped by the PIN's key, with what derives that key again. */
export type WrappedKey = {
  salt: Uint8Array<ArrayBuffer>
  iterations: number
  iv: Uint8Array<ArrayBuffer>
  wrapped: ArrayBuffer
}

const aesGcm = { name: 'AES-GCM', length: 256 } as const

/** `length` random bytes from WebCrypto. */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length))
}

async function pinKey(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(pin),
    'PBKDF2',
    false,
    ['deriveKey'],
  )
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    aesGcm,
    false,
    ['wrapKey', 'unwrapKey'],
  )
}

/** A new data key, extractable only so that it can be wrapped once. */
export function newDataKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey(aesGcm, true, ['encrypt', 'decrypt'])
}

/** Wraps the data key under a key derived from `pin` (a new salt each time). */
export async function wrapDataKey(
  dataKey: CryptoKey,
  pin: string,
  iterations = pinIterations,
): Promise<WrappedKey> {
  const salt = randomBytes(16)
  return { salt, iterations, ...(await wrapUnder(dataKey, await pinKey(pin, salt, iterations))) }
}

/** The data key wrapped under `key` (AES-GCM, a new IV each time). */
async function wrapUnder(dataKey: CryptoKey, key: CryptoKey): Promise<KeyWrap> {
  const iv = randomBytes(12)
  const wrapped = await crypto.subtle.wrapKey('raw', dataKey, key, { name: 'AES-GCM', iv })
  return { iv, wrapped }
}

/**
 * The data key wrapped under `key`, or null when it was wrapped under another (the tag fails). A
 * key still being made counts too: a secret that cannot be a key is not the one.
 */
async function unwrapUnder(
  kept: KeyWrap,
  key: CryptoKey | Promise<CryptoKey>,
  extractable: boolean,
): Promise<CryptoKey | null> {
  try {
    return await crypto.subtle.unwrapKey(
      'raw',
      kept.wrapped,
      await key,
      { name: 'AES-GCM', iv: kept.iv },
      aesGcm,
      extractable,
      ['encrypt', 'decrypt'],
    )
  } catch {
    return null
  }
}

/**
 * The data key, or null when `pin` is not the one it was wrapped with (AES-GCM's tag fails).
 * `extractable` only to wrap it again under a new PIN; the key kept in memory is not.
 */
export async function unwrapDataKey(
  kept: WrappedKey,
  pin: string,
  extractable = false,
): Promise<CryptoKey | null> {
  return unwrapUnder(kept, await pinKey(pin, kept.salt, kept.iterations), extractable)
}

function bytesOfBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/**
 * A secret given whole as an AES-GCM key: the device key the server gives with a password (32
 * bytes, base64url), or the 32 bytes a passkey's PRF answers.
 */
function wrappingKey(secret: string | Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const bytes = typeof secret === 'string' ? bytesOfBase64Url(secret) : secret
  return crypto.subtle.importKey('raw', bytes, aesGcm, false, ['wrapKey', 'unwrapKey'])
}

/** Wraps the (extractable) data key under a secret given whole (`wrappingKey`). */
export async function wrapWithSecret(
  dataKey: CryptoKey,
  secret: string | Uint8Array<ArrayBuffer>,
): Promise<KeyWrap> {
  return wrapUnder(dataKey, await wrappingKey(secret))
}

/** The data key, or null when `secret` is not the one it was wrapped with. */
export async function unwrapWithSecret(
  kept: KeyWrap,
  secret: string | Uint8Array<ArrayBuffer>,
  extractable = false,
): Promise<CryptoKey | null> {
  return unwrapUnder(kept, wrappingKey(secret), extractable)
}

export async function sealJson(key: CryptoKey, value: unknown): Promise<Encrypted> {
  const iv = randomBytes(12)
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(JSON.stringify(value)),
  )
  return { iv, data }
}

/** The value sealed under `key`; throws when it was sealed under another key or altered. */
export async function openJson(key: CryptoKey, sealed: Encrypted): Promise<unknown> {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.data)
  return JSON.parse(new TextDecoder().decode(plain)) as unknown
}

export function isEncrypted(value: unknown): value is Encrypted {
  return (
    typeof value === 'object' &&
    value !== null &&
    'iv' in value &&
    value.iv instanceof Uint8Array &&
    'data' in value &&
    value.data instanceof ArrayBuffer
  )
}

/** At least 6 digits, digits only. */
export function isValidPin(pin: string): boolean {
  return /^\d{6,}$/.test(pin)
}
