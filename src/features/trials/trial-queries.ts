import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { trialById, trialSearch } from '../../contract/endpoints/trials.ts'
import { pagedQueryOptions, rangeParams } from '../../api/paging.ts'
import { orNotFound } from '../../routing/or-not-found.ts'
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
  return pagedQueryOptions(
    trialKeys.byUser(user, range),
    async (page) =>
      (await call(trialSearch, { query: { user, page, ...rangeParams(range) } })).data,
  )
}

/** `GET /questionnaire/{id}` */
export function trialQueryOptions(id: number) {
  return queryOptions({
    queryKey: trialKeys.detail(id),
    queryFn: async () => (await call(trialById, { params: { id } })).data,
  })
}

/** A loader's trial: one the server does not know is the not-found page. */
export function loadTrial(queryClient: QueryClient, id: number) {
  return orNotFound(queryClient.query({ ...trialQueryOptions(id), staleTime: 'static' }))
}
