import { messages } from './messages.ts'
import { access, roles, type Role } from './roles.ts'

/**
 * The API's access rules (docs/behaviour.md#roles-and-access): who may call an endpoint, whether
 * a manager must be checked in to a store first, and the rules on the object a call reads or
 * changes. Each endpoint's entry (src/contract/endpoints/) holds its policy; the server enforces
 * it (`server/auth/middleware.ts`) and the authorization matrix test is generated from them.
 */

/**
 * A device credential (docs/behaviour.md#devices): issued at sign-in for one device and one user,
 * it submits that user's trials and sends that device's heartbeats, and nothing else.
 */
export const device = 'device'
export type Device = typeof device

/** Who calls: nobody signed in, a user of a role, or a device with its credential. */
export type Principal = 'anonymous' | Role | Device

/** Anyone, signed in or not: the public calls. */
export const everyone = ['anonymous', ...roles] as const
/** The role groups of roles.ts, which the PWA's route guards use too. */
export const signedIn = access.anyUser
export const administration = access.administration
export const managers = access.storePicker
/**
 * Any signed-in user, but a manager only once checked in to a store (vouchers, customers:
 * docs/behaviour.md#roles-and-access).
 */
export const inAStore = { allow: signedIn, store: true } as const

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
  allow: typeof everyone | readonly (Role | Device)[]
  /** A manager must be checked in to a store: 403 `store.notAssigned` otherwise. */
  store?: true
  /** The message of the 403 to a role not allowed; `api.forbidden` when not given. */
  refusal?: string
  /** The rules on the call's object (`objectRules`). */
  object?: readonly ObjectRule[]
}

/** Whether a principal may call an endpoint at all (before its store and object rules). */
export function mayCall(policy: Policy, principal: Principal): boolean {
  const allowed: readonly Principal[] = policy.allow
  return allowed.includes(principal)
}

export function isPublic(policy: Policy): boolean {
  return mayCall(policy, 'anonymous')
}

/** Whether a device credential may call an endpoint. */
export function devicesMayCall(policy: Policy): boolean {
  return mayCall(policy, device)
}

/** Whether an object rule applies to a role's call of an endpoint. */
export function ruleBinds(policy: Policy, rule: ObjectRule, role: Role): boolean {
  const rules: readonly ObjectRule[] = policy.object ?? []
  const bound: readonly Role[] = objectRules[rule]
  return rules.includes(rule) && bound.includes(role)
}
