import { call } from '../../api/client.ts'
import { ApiError } from '../../api/api-error.ts'
import { getSession } from '../../api/session.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import { trialSubmit } from '../../contract/endpoints/trials.ts'
import { messages } from '../../contract/messages.ts'
import { credentialOf, forgetCredential } from '../device.ts'
import {
  outcomeOfStatus,
  retryAfterMs,
  type KeptError,
  type OutboxItem,
  type SendOutcome,
} from './outbox-state.ts'

/**
 * One attempt to send a queued trial, with its author's device credential whoever is signed in
 * (docs/behaviour.md#devices); a trial whose author has none on this device (queued before the
 * device had credentials) goes with the session while its author is signed in and the app is open,
 * and waits for their sign-in otherwise. Only a 2xx whose body is the stored trial counts as sent; the real
 * request's result is trusted over `navigator.onLine`.
 */
export async function sendTrial(item: OutboxItem): Promise<SendOutcome> {
  const credential = await credentialOf(item.userId)
  // The session's token is null while the app is locked: such a trial waits for the PIN.
  const session = getSession()
  if (credential === undefined && (session?.user.id !== item.userId || !session.token)) {
    return { kind: 'needs-login' }
  }
  const headers: Record<string, string> = { [idempotencyHeader]: item.id }
  if (credential !== undefined) headers.Authorization = `Device ${credential}`
  try {
    const { data } = await call(trialSubmit, { body: item.body, headers })
    return { kind: 'stored', serverId: data.id }
  } catch (error) {
    const outcome = outcomeOf(error)
    // Revoked or expired: forgotten, so that the author's next sign-in brings a new one.
    if (outcome.kind === 'needs-login' && credential !== undefined) {
      await forgetCredential(item.userId, credential)
    }
    return outcome
  }
}

function outcomeOf(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return { kind: 'retry-later' }
  const retryAfter = retryAfterMs(error.retryAfter, Date.now())
  return outcomeOfStatus(error.status, error.message, keptError(error), retryAfter)
}

/** What the outbox keeps of a failed attempt: codes, not text in the language of the moment. */
export function keptError(error: ApiError): KeptError {
  const code = error.code ?? (error.status === 0 ? messages.network.id : messages.unknownError.id)
  const fields = error.invalidFields.map((field) => field.field)
  return {
    status: error.status,
    code,
    ...(error.requestId ? { requestId: error.requestId } : {}),
    ...(fields.length > 0 ? { fields } : {}),
  }
}
