import {
  changePassword,
  forgotPassword,
  login,
  logout,
  me,
  resetPassword,
  setupPassword,
} from '#contract/endpoints/auth.ts'
import type { AppDeps } from '../../deps.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { changePasswordHandler } from './change-password.ts'
import { forgotPasswordHandler } from './forgot-password.ts'
import { loginHandler } from './login.ts'
import { logoutHandler } from './logout.ts'
import { meHandler } from './me.ts'
import { resetPasswordHandler } from './reset-password.ts'
import { setupPasswordHandler } from './setup-password.ts'

/** Signing in and passwords (src/contract/endpoints/auth.ts). */
export function authRoutes(routes: ApiRoutes, deps: AppDeps) {
  routes
    .public(login, loginHandler(deps))
    .public(forgotPassword, forgotPasswordHandler(deps))
    .public(resetPassword, resetPasswordHandler(deps))
    .public(setupPassword, setupPasswordHandler(deps))
    .signedIn(changePassword, changePasswordHandler(deps))
    .signedIn(me, meHandler(deps))
    .signedIn(logout, logoutHandler(deps))
}
