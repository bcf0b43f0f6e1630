import { postJson } from '../api/client.ts'
import { ApiError } from '../api/api-error.ts'
import { idempotencyHeader } from '../contract/http.ts'
import { trialCreatedSchema } from '../contract/trial.ts'
import { outcomeOfStatus, type OutboxItem, type SendOutcome } from './outbox-state.ts'

/**
 * One attempt to send a queued trial. Only a 2xx whose body is the stored trial counts as sent;
 * the real request's result is trusted over `navigator.onLine`. `free-guided/form` is the API's
 * path for storing a trial.
 */
export async function sendTrial(item: OutboxItem): Promise<SendOutcome> {
  try {
    const { data } = await postJson('free-guided/form', trialCreatedSchema, item.body, {
      [idempotencyHeader]: item.id,
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
