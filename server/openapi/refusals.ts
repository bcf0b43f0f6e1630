import type { Endpoint } from '#contract/endpoint.ts'
import * as healthChecks from '#contract/endpoints/health.ts'
import { invalidToken, jwtExpired } from '#contract/http.ts'
import { messages } from '#contract/messages.ts'
import { isPublic, mayCall, objectRefusals, ruleBinds, type ObjectRule } from '#contract/policy.ts'
import { roles } from '#contract/roles.ts'
import { refusesOlderApps } from '../http/min-app-version.ts'

/** One way an endpoint refuses a request: the answer's `code` and when it is given. */
export type Refusal = { code: string; when: string; invalidFields?: true }

const healthEntries: readonly Endpoint[] = Object.values(healthChecks)

function refuses(rule: ObjectRule): rule is keyof typeof objectRefusals {
  return rule in objectRefusals
}

/** The refusals of the object rules that refuse rather than hide (policy.ts `objectRefusals`). */
function objectRuleRefusals(entry: Endpoint): [number, Refusal][] {
  return (entry.policy.object ?? [])
    .filter(refuses)
    .filter((rule) => roles.some((role) => ruleBinds(entry.policy, rule, role)))
    .map((rule) => {
      const { status, message } = objectRefusals[rule]
      return [status, { code: message, when: `The object rule \`${rule}\` refuses the call.` }]
    })
}

/**
 * Every error an endpoint may answer, by status: those of its kind (input, token, role, store,
 * `Idempotency-Key`, body size, start-up) and its own (`errors` of its entry). The same rules as
 * the server's middleware and guard (server/app.ts, server/auth/middleware.ts).
 */
export function refusalsOf(entry: Endpoint): Map<number, Refusal[]> {
  const found: [number, Refusal][] = []
  const add = (status: number, code: string, when: string) => found.push([status, { code, when }])

  if (entry.query || entry.body) {
    found.push([
      400,
      {
        code: messages.required.id,
        when: 'A field is refused: `invalidFields` names each with its message; `code` is the first one’s.',
        invalidFields: true,
      },
    ])
  }
  if (entry.body) {
    add(400, messages.invalidRequest.id, 'The body is not JSON.')
    add(413, messages.requestTooLarge.id, 'The body is larger than 1 MiB.')
  }
  if (entry.upload) {
    const { field, types, maxBytes } = entry.upload
    found.push([
      400,
      {
        code: messages.required.id,
        when: `\`${field}\` is missing, not of ${types.join(', ')} by its content, or too large: \`invalidFields\` names it.`,
        invalidFields: true,
      },
    ])
    add(400, messages.invalidRequest.id, 'The body is not `multipart/form-data`.')
    add(
      413,
      messages.requestTooLarge.id,
      `The body is larger than ${maxBytes / 1024 ** 2} MiB and 64 KiB.`,
    )
  }
  if (!entry.root && !entry.withoutAppHeader) {
    add(400, messages.badApp.id, 'The `X-APP` header is missing or not `brand-expert-pwa`.')
  }
  if (refusesOlderApps(entry)) {
    add(
      426,
      messages.appTooOld.id,
      'The `App-Version` is below the `Min-App-Version`: update the app.',
    )
  }
  if (entry.idempotent) {
    add(400, messages.idempotencyKeyInvalid.id, 'The `Idempotency-Key` is not a UUID.')
    add(409, messages.idempotencyInProgress.id, 'A request with this key is still running.')
    add(422, messages.idempotencyKeyReused.id, 'The key was used for another body.')
  }
  if (!isPublic(entry.policy)) {
    add(401, invalidToken, 'No bearer token, or a token that does not verify.')
    add(401, jwtExpired, 'The token has expired: sign in again.')
    add(
      401,
      messages.sessionEnded.id,
      "The token's session has ended: signed out, revoked, a password changed or reset, or the user deleted.",
    )
    if (roles.some((role) => !mayCall(entry.policy, role))) {
      const allowed = entry.policy.allow.join(', ')
      add(403, entry.policy.refusal ?? messages.forbidden.id, `Only ${allowed} may call it.`)
    }
    if (entry.policy.store) {
      add(403, messages.notAssignedToStore.id, 'A manager is not checked in to a store.')
    }
  }
  found.push(...objectRuleRefusals(entry))
  for (const [status, ids] of Object.entries(entry.errors ?? {})) {
    for (const { id, message } of ids) add(Number(status), id, message)
  }
  if (!entry.root && !healthEntries.includes(entry)) {
    add(503, messages.notReady.id, 'The server is starting (its database is being migrated).')
    add(
      503,
      messages.diskFull.id,
      'Its disk is full: nothing was stored; send the same request again after `Retry-After` seconds.',
    )
  }
  add(500, messages.unknownError.id, 'The server failed; the `Request-Id` finds it in the logs.')

  const byStatus = new Map<number, Refusal[]>()
  for (const [status, refusal] of found.sort(([a], [b]) => a - b)) {
    const list = byStatus.get(status) ?? []
    if (!list.some((known) => known.code === refusal.code)) list.push(refusal)
    byStatus.set(status, list)
  }
  return byStatus
}
