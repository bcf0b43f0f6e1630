import fc from 'fast-check'
import type { Endpoint } from '../../src/contract/endpoint.ts'
import { endpointTable, type EndpointName } from '../../src/contract/endpoints/all.ts'
import { administration, managers } from '../../src/contract/policy.ts'
import { emailAddress, oneOf, plainText } from './support/fuzz-values.ts'
import type { EndpointSpec, FuzzContext } from './support/fuzz-requests.ts'

/*
 * The endpoints the API fuzz test (tests/api/fuzz.test.ts) sends requests to, with the contract
 * schemas of their query and body and hints by field name: the ids and codes that exist in the
 * database, and the values a schema's `check` cannot tell. The values come from
 * ./support/fuzz-values.ts, the requests from ./support/fuzz-requests.ts.
 */

/** What the table cannot tell of an endpoint: the values that exist, and what a refusal counts as. */
type Extra = Pick<EndpointSpec, 'hints' | 'ids' | 'countsSignIn'>

/** Who an endpoint's policy lets through: such actors are picked more often. */
function favoured(entry: Endpoint): EndpointSpec['favours'] {
  const allowed: readonly string[] = entry.policy.allow
  if (
    allowed.length === administration.length &&
    administration.every((role) => allowed.includes(role))
  ) {
    return 'administrator'
  }
  if (allowed.length === managers.length && managers.every((role) => allowed.includes(role))) {
    return 'manager'
  }
  return undefined
}

/** Every API endpoint of the table (src/contract/endpoints/), with the schemas of its query and body. */
export function endpointSpecs(context: FuzzContext): EndpointSpec[] {
  const store = oneOf(context.storeIds, 1)
  const customer = oneOf(context.customerIds, 1)
  const user = oneOf(context.userIds, 1)
  const password = fc.constant(context.password)
  const email = fc.oneof(oneOf(context.emails, 'admin@example.com'), emailAddress)
  const newPassword = fc.constantFrom('Tajna!2345', 'Nova#Lozinka9')
  const passwordHints = { password: newPassword, confirmPassword: newPassword }
  const voucherCode = oneOf(context.voucherCodes, 'MGM-VALID-0001')
  const extras: Partial<Record<EndpointName, Extra>> = {
    login: { hints: { email, password: fc.oneof(password, plainText) }, countsSignIn: true },
    forgotPassword: { hints: { email } },
    resetPassword: { hints: { ...passwordHints, email } },
    setupPassword: { hints: passwordHints },
    changePassword: { hints: passwordHints, countsSignIn: true },
    userCreate: { hints: { email: emailAddress, phone: fc.stringMatching(/^\+3826\d{7}$/) } },
    userUpdate: {
      hints: { id: user, email: emailAddress, phone: fc.stringMatching(/^06\d{7}$/) },
    },
    userDelete: { hints: { id: user } },
    userById: { ids: user },
    storeUpdate: { hints: { id: store } },
    storeDelete: { hints: { id: store } },
    storeById: { ids: store },
    trialById: { ids: oneOf(context.trialIds, 1) },
    voucherSearch: { hints: { code: voucherCode.map((code) => code.toLowerCase()) } },
    voucherCodeLog: { ids: oneOf(context.voucherIds, 1) },
    voucherById: { ids: oneOf(context.voucherIds, 1) },
    voucherRedeem: { hints: { code: voucherCode } },
    customerTrials: { ids: customer },
    customerById: { ids: customer },
  }
  const isNamed = (name: string): name is EndpointName => name in extras
  return endpointTable
    .filter(({ entry }) => !entry.root)
    .map(({ name, entry }) => {
      const favours = favoured(entry)
      return {
        method: entry.method,
        path: entry.path,
        ...(entry.query ? { query: entry.query } : {}),
        ...(entry.body ? { body: entry.body } : {}),
        ...(favours ? { favours } : {}),
        ...(isNamed(name) ? extras[name] : {}),
      }
    })
}
