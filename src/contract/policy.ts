import { messages } from './messages.ts'
import { access, roles, type Role } from './roles.ts'

/**
 * The API's access rules (docs/behaviour.md#roles-and-access): who may call each endpoint, whether
 * a manager must be checked in to a store first, and the rules on the object a call reads or
 * changes. The server enforces this table (`server/auth/middleware.ts`) and the authorization
 * matrix test is generated from it.
 */

/** Who calls: nobody signed in, or a user of a role. */
export type Principal = 'anonymous' | Role

/** Anyone, signed in or not: the public calls. */
const everyone = ['anonymous', ...roles] as const
/** The role groups of roles.ts, which the PWA's route guards use too. */
const signedIn = access.anyUser
const administration = access.administration
const managers = access.storePicker

/**
 * Rules on the object of a call, each with the roles it binds (docs/behaviour.md#roles-and-access;
 * ASVS 8.2.2 in docs/quality.md). Where it applies is the `object` of an endpoint below.
 */
export const objectRules = {
  /** Managers and agents see their own trials only: another's is not found (404), nor listed. */
  ownTrial: ['manager', 'agent'],
  /**
   * "A manager's store is the assigned one": a manager's trial is filed at their store (or one they
   * were checked in to in the last 30 days) whatever store the request names.
   */
  ownStore: ['manager'],
  /** An admin may not create, edit or delete a super user, nor make one. */
  notSuper: ['admin'],
  /** Nobody deletes themselves. */
  notSelf: roles,
} as const satisfies Record<string, readonly Role[]>

export type ObjectRule = keyof typeof objectRules

/** How a call that breaks a rule is answered, where the rule refuses rather than hides. */
export const objectRefusals = {
  /** A manager with no store has none to file the trial at. */
  ownStore: { status: 400, message: messages.notAssignedToStore.id },
  notSuper: { status: 403, message: messages.forbidden.id },
  notSelf: { status: 400, message: messages.cannotDeleteSelf.id },
} as const

export type Policy = {
  /** Who may call it; `anonymous` only on the public calls, which need no token. */
  allow: typeof everyone | readonly Role[]
  /** A manager must be checked in to a store: 403 `store.notAssigned` otherwise. */
  store?: true
  /** The message of the 403 to a role not allowed; `api.forbidden` when not given. */
  refusal?: string
  /** The rules on the call's object (`objectRules`). */
  object?: readonly ObjectRule[]
}

/** Every API endpoint under `/api/v1`, as `METHOD /path` with Hono's `:param`s. */
export const policy = {
  // §6: the routes "except the public ones" need a signed-in user; the health check is public.
  'GET /health': { allow: everyone },
  // §6: public as the health check (a liveness probe).
  'GET /health/live': { allow: everyone },
  // Public as the health check: a load balancer's readiness check.
  'GET /ready': { allow: everyone },
  // §6 and §2: /login is public.
  'POST /user/login': { allow: everyone },
  // §6 and §2: /forgot-password is public.
  'POST /user/forgot-password/email': { allow: everyone },
  // §6 and §2: /password-reset is public.
  'POST /user/reset': { allow: everyone },
  // §6 and §2: /password-setup is public.
  'POST /user/password': { allow: everyone },

  // §6: any logged-in user; "on start, if authenticated, the current user is fetched" (§4).
  'GET /me': { allow: signedIn },
  // §6: any logged-in user, for their own password (/settings).
  'POST /user/change-password': { allow: signedIn },
  // §6: any logged-in user: the trial's store step and the managers' store picker search stores.
  'GET /store/search': { allow: signedIn },
  // §6: any logged-in user, as the store search.
  'GET /store/:id': { allow: signedIn },
  // §6: "Free guided trial: any logged-in user": its HTS and RMC steps.
  'GET /packages/search': { allow: signedIn },
  // §6: "Free guided trial: any logged-in user": its stick and device steps.
  'GET /internal-products/search': { allow: signedIn },
  // §6: "Free guided trial: any logged-in user; a manager's store is the assigned one".
  'POST /free-guided/form': { allow: signedIn, object: ['ownStore'] },
  // §6: /experts/{id} lists an expert's trials for super and admin; others their own only.
  'GET /questionnaire/search': { allow: signedIn, object: ['ownTrial'] },
  // §6: /surveys/{id} for super and admin; others their own only.
  'GET /questionnaire/:id': { allow: signedIn, object: ['ownTrial'] },

  // §6: vouchers "any logged-in user, but a manager with no store is redirected" first.
  'GET /voucher/search': { allow: signedIn, store: true },
  // §6: used-code, as vouchers.
  'GET /voucher/code-log/:id': { allow: signedIn, store: true },
  // §6: /vouchers/{id}, as vouchers.
  'GET /voucher/:id': { allow: signedIn, store: true },
  // §6: as vouchers.
  'POST /voucher/submit': { allow: signedIn, store: true },
  // §6: customers "any logged-in user, but a manager with no store is redirected" first.
  'GET /customer/search': { allow: signedIn, store: true },
  // §6: /customers/{id}, as customers.
  'POST /customer/form': { allow: signedIn, store: true },
  // §6: /customers/{id}/survey, as customers.
  'GET /customer/:id/trials': { allow: signedIn, store: true },
  // §6: /customers/{id}, as customers.
  'GET /customer/:id': { allow: signedIn, store: true },

  // §6: "/store-picker: manager only"; "only a manager has expertStore stored".
  'POST /user/check-in': { allow: managers, refusal: messages.managersOnly.id },
  // §6: as check-in.
  'POST /user/check-in/update': { allow: managers, refusal: messages.managersOnly.id },
  // §6: as check-in.
  'POST /user/check-out': { allow: managers, refusal: messages.managersOnly.id },

  // §6: "/users ... super and admin".
  'GET /user/search': { allow: administration },
  // §6: /users and /stores (a store's managers), super and admin.
  'POST /user/managers': { allow: administration },
  // §6: /users/new, super and admin.
  'POST /user/create': { allow: administration, object: ['notSuper'] },
  // §6: /users/{id}/edit, super and admin.
  'POST /user/update': { allow: administration, object: ['notSuper'] },
  // §6: /users, super and admin.
  'POST /user/delete': { allow: administration, object: ['notSuper', 'notSelf'] },
  // §6: /users/{id}/edit and /experts/{id}, super and admin.
  'GET /user/:id': { allow: administration },
  // §6: "/stores: super and admin" (the store log).
  'GET /store/log': { allow: administration },
  // §6: /stores/new, super and admin.
  'POST /store/create': { allow: administration },
  // §6: /stores/{id}/edit, super and admin.
  'POST /store/update': { allow: administration },
  // §6: /stores, super and admin.
  'POST /store/delete': { allow: administration },
  // §6 with §1 "generate reports": administration, super and admin.
  'POST /report/generate': { allow: administration },
  // §6: administration (the dashboard), super and admin.
  'GET /report/dashboard': { allow: administration },
} as const satisfies Record<string, Policy>

export type Endpoint = keyof typeof policy

/** The public endpoints, and those that need a signed-in user. */
export type PublicEndpoint = {
  [E in Endpoint]: (typeof policy)[E]['allow'] extends typeof everyone ? E : never
}[Endpoint]
export type SignedInEndpoint = Exclude<Endpoint, PublicEndpoint>

export const endpoints = Object.keys(policy).filter((key): key is Endpoint => key in policy)

/** The entry of an endpoint, with its optional fields. */
export function policyOf(endpoint: Endpoint): Policy {
  return policy[endpoint]
}

/** Whether a principal may call an endpoint at all (before its store and object rules). */
export function mayCall(endpoint: Endpoint, principal: Principal): boolean {
  const allowed: readonly Principal[] = policyOf(endpoint).allow
  return allowed.includes(principal)
}

export function isPublic(endpoint: Endpoint): boolean {
  return mayCall(endpoint, 'anonymous')
}

/** Whether an object rule applies to a role's call of an endpoint. */
export function ruleBinds(endpoint: Endpoint, rule: ObjectRule, role: Role): boolean {
  const rules: readonly ObjectRule[] = policyOf(endpoint).object ?? []
  const bound: readonly Role[] = objectRules[rule]
  return rules.includes(rule) && bound.includes(role)
}
