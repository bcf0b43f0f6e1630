import { useMutation } from '@tanstack/react-query'
import { i18n } from '@lingui/core'
import * as v from 'valibot'
import { api } from '../../api/client.ts'
import { ApiError, toApiError } from '../../api/api-error.ts'
import { dataEnvelope, idempotencyHeader } from '../../contract/http.ts'
import { messages } from '../../contract/messages.ts'
import { trialCreatedSchema, type TrialBody } from '../../contract/trial.ts'

const savedTrialSchema = dataEnvelope(trialCreatedSchema)

export interface TrialSubmission {
  body: TrialBody
  /** A UUID made on the device when the trial was finished; the same key is stored once. */
  idempotencyKey: string
}

/** `POST /free-guided/form` with an `Idempotency-Key` (design section 4). */
export async function submitTrial({ body, idempotencyKey }: TrialSubmission) {
  let answer: unknown
  try {
    answer = await api
      .post('free-guided/form', { json: body, headers: { [idempotencyHeader]: idempotencyKey } })
      .json()
  } catch (error) {
    throw toApiError(error, (id) => i18n._(id))
  }
  const parsed = v.safeParse(savedTrialSchema, answer)
  if (!parsed.success) throw new ApiError(-1, i18n._(messages.unknownError.id))
  return parsed.output
}

/**
 * Sends a trial. A failure is logged (spec section 8) and shown by the query client's error
 * toast; the caller keeps the answers so that the user can try again.
 */
export function useSubmitTrial() {
  return useMutation({
    mutationFn: submitTrial,
    onError: (error) => console.error('The trial was not sent', error),
  })
}
