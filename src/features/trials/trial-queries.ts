import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { call } from '../../api/client.ts'
import { ApiError } from '../../api/api-error.ts'
import { trialById, trialSearch } from '../../contract/endpoints/trials.ts'
import { nextPage, rangeParams } from '../../api/paging.ts'
import type { DateRange } from '../../routing/route-params.ts'

/** The API's paths call a stored trial `questionnaire`; these are the app's only reads of them. */
export const trialKeys = {
  all: ['trials'] as const,
  byUser: (user: number, range: DateRange) =>
    [...trialKeys.all, 'user', user, rangeParams(range)] as const,
  detail: (id: number) => [...trialKeys.all, 'detail', id] as const,
}

/** `GET /questionnaire/search?user=&startAt=&endAt=&page=`: newest first. */
export function expertTrialsQueryOptions(user: number, range: DateRange) {
  return infiniteQueryOptions({
    queryKey: trialKeys.byUser(user, range),
    queryFn: async ({ pageParam }) =>
      (
        await call(trialSearch, {
          query: { user, page: pageParam, ...rangeParams(range) },
        })
      ).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) => nextPage(pages, last.count, lastPage),
  })
}

/** `GET /questionnaire/{id}` */
export function trialQueryOptions(id: number) {
  return queryOptions({
    queryKey: trialKeys.detail(id),
    queryFn: async () => (await call(trialById, { params: { id } })).data,
  })
}

export async function loadTrial(queryClient: QueryClient, id: number) {
  try {
    return await queryClient.query({ ...trialQueryOptions(id), staleTime: 'static' })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound({ throw: true })
    throw error
  }
}
