import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../api/api-error.ts'
import { call } from '../../api/client.ts'
import { pagedQueryOptions } from '../../api/paging.ts'
import { useAction } from '../../api/use-action.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import { trialCorrect, trialReview } from '../../contract/endpoints/review.ts'
import { trialSearch } from '../../contract/endpoints/trials.ts'
import { userById, userSearch } from '../../contract/endpoints/users.ts'
import type { CorrectionBody, ReviewBody } from '../../contract/review-requests.ts'
import { reviewMessages } from '../../contract/review-messages.ts'
import type { ReviewSearch } from '../../routing/review-search.ts'
import { trialSearchParams } from './review-filter.ts'

/**
 * Under the trials' keys (src/features/trials/trial-queries.ts, whose keys start with `trials`):
 * a decision or a correction reads every list and page of trials again.
 */
const trialsKey = ['trials'] as const

export const reviewKeys = {
  list: (search: ReviewSearch) => [...trialsKey, 'review', trialSearchParams(search, 1)] as const,
  experts: (query: string) => ['users', 'search', query] as const,
  expert: (id: number) => ['users', 'detail', id] as const,
}

/** `GET /questionnaire/search` with the Review screen's filters: newest first, page by page. */
export function reviewQueueQueryOptions(search: ReviewSearch) {
  return pagedQueryOptions(
    reviewKeys.list(search),
    async (page) => (await call(trialSearch, { query: trialSearchParams(search, page) })).data,
  )
}

/** `GET /user/search?query=`: the experts the filter offers. */
export function expertSearchQueryOptions(query: string) {
  return pagedQueryOptions(
    reviewKeys.experts(query),
    async (page) => (await call(userSearch, { query: { query, page } })).data,
  )
}

/** `GET /user/{id}`: the expert the URL names, for the filter's box. */
export function expertQueryOptions(id: number | undefined) {
  return queryOptions({
    queryKey: reviewKeys.expert(id ?? 0),
    queryFn: async () => (await call(userById, { params: { id: id ?? 0 } })).data,
    enabled: id !== undefined,
  })
}

/**
 * A decision or a correction, under the action's `Idempotency-Key`: a second press, or the same
 * request again after a lost answer, makes one revision. Whatever the answer (a 409 too: someone
 * else's revision came first), the trial is read again, so the screen shows its new state; the
 * form keeps what was typed.
 */
function useRevisionAction<TBody>(post: (body: TBody, key: string) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: post,
    onSettled: () => queryClient.invalidateQueries({ queryKey: trialsKey }),
  })
}

/** `POST /questionnaire/review` */
export function useReviewTrial() {
  return useRevisionAction((body: ReviewBody, key) =>
    call(trialReview, { body, headers: { [idempotencyHeader]: key } }),
  )
}

/** `POST /questionnaire/correct` */
export function useCorrectTrial() {
  return useRevisionAction((body: CorrectionBody, key) =>
    call(trialCorrect, { body, headers: { [idempotencyHeader]: key } }),
  )
}

/** Someone else's decision or correction came first: the form's trial was not the latest. */
export function isStale(error: Error | null): boolean {
  return error instanceof ApiError && error.code === reviewMessages.trialRevisionStale.id
}
