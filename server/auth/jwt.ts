import { SignJWT, errors, jwtVerify } from 'jose'
import { appId, invalidToken, jwtExpired } from '../../src/contract/http.ts'
import type { Config } from '../config.ts'
import { HttpError } from '../http-error.ts'

const issuer = 'brand-expert-api'
const audience = appId
const algorithm = 'HS256'

/** Token lifetimes, in seconds: with "remember me", and without. */
export const rememberedLifetime = 30 * 24 * 60 * 60
export const sessionLifetime = 12 * 60 * 60

export function signToken(
  userId: number,
  lifetime: number,
  secret: Config['jwtSecret'],
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new SignJWT()
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(String(userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .sign(secret)
}

/**
 * The user id and the lifetime of a valid token. An expired one is a 401 `jwt expired`; anything
 * else wrong (garbled, other algorithm, signature, issuer, audience) a 401 `invalid token`.
 */
export async function readToken(
  token: string,
  secret: Config['jwtSecret'],
  now: Date,
): Promise<{ userId: number; lifetime: number }> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [algorithm],
      issuer,
      audience,
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'exp'],
    })
    const userId = Number(payload.sub)
    if (!Number.isSafeInteger(userId) || payload.exp === undefined || payload.iat === undefined) {
      throw new HttpError(401, invalidToken)
    }
    return { userId, lifetime: payload.exp - payload.iat }
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new HttpError(401, jwtExpired)
    if (error instanceof errors.JOSEError) throw new HttpError(401, invalidToken)
    throw error
  }
}
