import { call } from '../api/client.ts'
import { ApiError } from '../api/api-error.ts'
import { idempotencyHeader } from '../contract/http.ts'
import { trialSubmit } from '../contract/endpoints/trials.ts'
import { messages } from '../contract/messages.ts'
import {
  outcomeOfStatus,
  type KeptError,
  type OutboxItem,
  type SendOutcome,
} from './outbox-state.ts'

/**
 * One attempt to send a queued trial. Only a 2xx whose body is the stored trial counts as sent;
 * the real request's result is trusted over `navigator.onLine`.
 */
export async function sendTrial(item: OutboxItem): Promise<SendOutcome> {
  try {
    const { data } = await call(trialSubmit, {
      body: item.body,
      headers: { [idempotencyHeader]: item.id },
    })
    return { kind: 'stored', serverId: data.id }
  } catch (error) {
    return outcomeOf(error)
  }
}

function outcomeOf(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return { kind: 'retry-later' }
  return outcomeOfStatus(error.status, error.message, keptError(error))
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
