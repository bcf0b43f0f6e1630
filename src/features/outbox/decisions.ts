import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { trialDecisions } from '../../contract/endpoints/trial-decisions.ts'

/** The most ids one look-up takes (docs/api.md#review). */
const maxIds = 100

/**
 * `GET /questionnaire/decisions?ids=`: what the administration decided on the signed-in user's
 * sent trials (the newest 100 the list shows), by the server's ids. Kept in the query cache like
 * the other look-ups, by user, so the list shows the last answer while there is no connection.
 */
export function decisionsQueryOptions(userId: number | undefined, serverIds: readonly number[]) {
  const ids = serverIds.slice(0, maxIds)
  return queryOptions({
    queryKey: ['decisions', userId ?? 0, ids] as const,
    queryFn: async () => (await call(trialDecisions, { query: { ids: ids.join(',') } })).data,
    enabled: userId !== undefined && ids.length > 0,
  })
}
