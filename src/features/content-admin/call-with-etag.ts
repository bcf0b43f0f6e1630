import * as v from 'valibot'
import { i18n } from '@lingui/core'
import { send, type CallInput } from '../../api/client.ts'
import { ApiError } from '../../api/api-error.ts'
import type { Endpoint } from '../../contract/endpoint.ts'
import { dataEnvelope } from '../../contract/http.ts'
import { messages } from '../../contract/messages.ts'

type JsonEndpoint = Endpoint & { answer: v.GenericSchema }

/**
 * `call` (src/api/client.ts) with the answer's `ETag`: a draft's save names the version it
 * replaces (`If-Match`), so the screen keeps the tag of the last read or save. `null` when the
 * answer has none (a replayed save).
 */
export async function callWithEtag<E extends JsonEndpoint>(
  endpoint: E,
  input: CallInput<E>,
): Promise<{ data: v.InferOutput<E['answer']>; message: string | undefined; etag: string | null }> {
  const response = await send(endpoint, input, 'application/json')
  const body: unknown = await response.json().catch(() => undefined)
  const parsed = v.safeParse(dataEnvelope(endpoint.answer), body)
  if (!parsed.success) throw new ApiError(-1, i18n._(messages.unknownError.id))
  return {
    data: parsed.output.data,
    message: parsed.output.message,
    etag: response.headers.get('ETag'),
  }
}
