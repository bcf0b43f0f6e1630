import { Hono } from 'hono'
import { policyGuard } from '../../auth/middleware.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { changePassword } from './change-password.ts'
import { forgotPassword } from './forgot-password.ts'
import { login } from './login.ts'
import { me } from './me.ts'
import { resetPassword } from './reset-password.ts'
import { setupPassword } from './setup-password.ts'

export function authRoutes(deps: AppDeps) {
  const guard = policyGuard(deps)
  return new Hono<AppEnv>()
    .post('/user/login', guard('POST /user/login'), login(deps))
    .post(
      '/user/forgot-password/email',
      guard('POST /user/forgot-password/email'),
      forgotPassword(deps),
    )
    .post('/user/reset', guard('POST /user/reset'), resetPassword(deps))
    .post('/user/password', guard('POST /user/password'), setupPassword(deps))
    .post('/user/change-password', guard('POST /user/change-password'), changePassword(deps))
    .get('/me', guard('GET /me'), me(deps))
}
