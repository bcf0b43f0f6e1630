import { SignJWT, errors, jwtVerify } from 'jose'
import { appId, invalidToken, jwtExpired } from '#contract/http.ts'
import type { Config } from '../config.ts'
import { HttpError } from '../http-error.ts'

const issuer = 'brand-expert-api'
const audience = appId
const algorithm = 'HS256'

/** Token lifetimes, in seconds: with "remember me", and without. */
export const rememberedLifetime = 30 * 24 * 60 * 60
export const sessionLifetime = 12 * 60 * 60

/** A token of a user's session (`sid`: server/auth/sessions.ts). */
export function signToken(
  userId: number,
  sessionId: string,
  lifetime: number,
  secret: Config['jwtSecret'],
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(String(userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .sign(secret)
}

type Claims = { userId: number; sessionId: string; lifetime: number; expiresAt: number }

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

async function verify(token: string, secret: Config['jwtSecret'], now: Date): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [algorithm],
      issuer,
      audience,
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'exp'],
    })
    const userId = Number(payload.sub)
    const sessionId = payload.sid
    if (
      !Number.isSafeInteger(userId) ||
      payload.exp === undefined ||
      payload.iat === undefined ||
      // A token of the versions before server-side sessions names none: signed in again.
      typeof sessionId !== 'string' ||
      !uuidPattern.test(sessionId)
    ) {
      throw new HttpError(401, invalidToken)
    }
    return { userId, sessionId, lifetime: payload.exp - payload.iat, expiresAt: payload.exp }
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new HttpError(401, jwtExpired)
    if (error instanceof errors.JOSEError) throw new HttpError(401, invalidToken)
    throw error
  }
}

/** How many verified tokens are remembered per secret (the oldest is forgotten first). */
const verifiedLimit = 10_000
const verifiedBySecret = new WeakMap<Config['jwtSecret'], Map<string, Claims>>()

/**
 * The user id, the session id and the lifetime of a valid token. An expired one is a 401 `jwt expired`; anything
 * else wrong (garbled, other algorithm, signature, issuer, audience) a 401 `invalid token`.
 * A token whose signature and claims were checked once is remembered with its claims (the same
 * bytes under the same secret verify the same way), so that a request with it checks only `exp`,
 * exactly as jose does, instead of an HMAC through WebCrypto.
 */
export async function readToken(
  token: string,
  secret: Config['jwtSecret'],
  now: Date,
): Promise<{ userId: number; sessionId: string; lifetime: number }> {
  let verified = verifiedBySecret.get(secret)
  if (!verified) {
    verified = new Map()
    verifiedBySecret.set(secret, verified)
  }
  const known = verified.get(token)
  if (known) {
    if (known.expiresAt <= Math.floor(now.getTime() / 1000)) {
      verified.delete(token)
      throw new HttpError(401, jwtExpired)
    }
    return known
  }
  const claims = await verify(token, secret, now)
  if (verified.size >= verifiedLimit) {
    const oldest = verified.keys().next()
    if (!oldest.done) verified.delete(oldest.value)
  }
  verified.set(token, claims)
  return claims
}
