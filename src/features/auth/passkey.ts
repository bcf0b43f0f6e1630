import { randomBytes } from '../../offline/vault-crypto.ts'

/**
 * The platform authenticator (fingerprint, face, the tablet's own screen lock) through WebAuthn's
 * PRF extension: a passkey made on this device answers the same 32-byte secret for the same salt,
 * only after the user is verified; that secret wraps the user's data key like the PIN's key
 * (docs/security.md#the-passkey). No server takes part: the passkey only opens what the tablet
 * keeps, it signs nobody in.
 */

/** The secret, and the passkey and salt that answer it again. */
export type PasskeySecret = {
  credentialId: Uint8Array<ArrayBuffer>
  salt: Uint8Array<ArrayBuffer>
  secret: Uint8Array<ArrayBuffer>
}

function bytesOf(source: BufferSource): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(
    ArrayBuffer.isView(source)
      ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
      : new Uint8Array(source),
  )
}

/**
 * Whether this browser offers a user-verifying platform authenticator with PRF: where it says it
 * does not know (no `getClientCapabilities`), making the passkey finds out.
 */
export async function passkeysOffered(): Promise<boolean> {
  if (typeof PublicKeyCredential === 'undefined' || !window.isSecureContext) return false
  try {
    if (!(await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable())) return false
    if (typeof PublicKeyCredential.getClientCapabilities !== 'function') return true
    const capabilities = await PublicKeyCredential.getClientCapabilities()
    return capabilities['extension:prf'] !== false
  } catch {
    return false
  }
}

/** The PRF secret of `credentialId` for `salt`; null when the user cancels or it gives none. */
export async function passkeySecret(
  credentialId: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    const credential = await navigator.credentials.get({
      publicKey: {
        challenge: randomBytes(32),
        allowCredentials: [{ type: 'public-key', id: credentialId }],
        userVerification: 'required',
        extensions: { prf: { eval: { first: salt } } },
      },
    })
    if (!(credential instanceof PublicKeyCredential)) return null
    const first = credential.getClientExtensionResults().prf?.results?.first
    return first ? bytesOf(first) : null
  } catch {
    return null
  }
}

/**
 * Makes a passkey for this user on this device's platform authenticator and answers its secret;
 * null when the user cancels, or the authenticator has no PRF. `name` is the account the
 * authenticator lists it under: the email, or the name while the email is not known.
 */
export async function createPasskey(user: {
  id: number
  name: string
  fullname: string
}): Promise<PasskeySecret | null> {
  const salt = randomBytes(32)
  try {
    const credential = await navigator.credentials.create({
      publicKey: {
        challenge: randomBytes(32),
        rp: { name: 'Brand Expert' },
        user: {
          id: new TextEncoder().encode(String(user.id)),
          name: user.name,
          displayName: user.fullname,
        },
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: {
          authenticatorAttachment: 'platform',
          userVerification: 'required',
          residentKey: 'discouraged',
        },
        extensions: { prf: { eval: { first: salt } } },
      },
    })
    if (!(credential instanceof PublicKeyCredential)) return null
    const credentialId = new Uint8Array(credential.rawId)
    const prf = credential.getClientExtensionResults().prf
    if (!prf?.enabled) return null
    // Some authenticators answer the secret only when asked to verify the user, not at creation.
    const first = prf.results?.first
    const secret = first ? bytesOf(first) : await passkeySecret(credentialId, salt)
    return secret && { credentialId, salt, secret }
  } catch {
    return null
  }
}
