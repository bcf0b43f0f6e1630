import { Hono } from 'hono'
import { authenticate } from '../../auth/middleware.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { changePassword } from './change-password.ts'
import { forgotPassword } from './forgot-password.ts'
import { login } from './login.ts'
import { me } from './me.ts'
import { resetPassword } from './reset-password.ts'
import { setupPassword } from './setup-password.ts'

export function authRoutes(deps: AppDeps) {
  const signedIn = authenticate(deps)
  return new Hono<AppEnv>()
    .post('/user/login', login(deps))
    .post('/user/forgot-password/email', forgotPassword(deps))
    .post('/user/reset', resetPassword(deps))
    .post('/user/password', setupPassword(deps))
    .post('/user/change-password', signedIn, changePassword(deps))
    .get('/me', signedIn, me(deps))
}
