import { call } from '../api/client.ts'
import { ApiError } from '../api/api-error.ts'
import { idempotencyHeader } from '../contract/http.ts'
import { trialSubmit } from '../contract/endpoints/trials.ts'
import { outcomeOfStatus, type OutboxItem, type SendOutcome } from './outbox-state.ts'

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
  return error instanceof ApiError
    ? outcomeOfStatus(error.status, error.message)
    : { kind: 'retry-later' }
}
