import type { Session, User } from '../../../src/contract/auth.ts'
import type { AppDeps } from '../../deps.ts'
import { signToken } from '../../auth/jwt.ts'

/** What login and `/me` answer: a new token plus the user's fields. */
export async function sessionOf(
  user: User,
  lifetime: number,
  { config, clock }: Pick<AppDeps, 'config' | 'clock'>,
): Promise<Session> {
  const token = await signToken(user.id, lifetime, config.jwtSecret, clock())
  return { token, ...user }
}
