import type { Role } from '../../../src/contract/roles.ts'
import { createUser, signIn, type TestUser } from './fixtures.ts'
import type { TestApi } from './harness.ts'

export type SignedIn = TestUser & { token: string }

export async function signedIn(
  api: TestApi,
  role: Role,
  options: { expertStoreId?: number } = {},
): Promise<SignedIn> {
  const user = await createUser(api, { role, ...options })
  return { ...user, token: await signIn(api, user) }
}

export type Call = { method: string; path: string; body?: unknown }

/**
 * Who may call an administration endpoint (docs/behaviour.md#roles-and-access): anonymous 401,
 * agents and managers 403, and the answer of an admin and of a super user given back for the test
 * to check.
 */
export async function expectAdminsOnly(api: TestApi, call: Call) {
  const anonymous = await api.request(call.method, call.path, { body: call.body })
  const statuses: Record<string, number> = { anonymous: anonymous.status }
  for (const role of ['agent', 'manager'] as const) {
    const user = await signedIn(api, role)
    const response = await api.request(call.method, call.path, {
      token: user.token,
      body: call.body,
    })
    statuses[role] = response.status
  }
  return statuses
}
