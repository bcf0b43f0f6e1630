import { infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { nextPage } from '../../api/paging.ts'
import { useAction } from '../../api/use-action.ts'
import { deviceRevoke, deviceSearch, deviceSummary } from '../../contract/endpoints/device-admin.ts'

export const deviceKeys = {
  all: ['devices'] as const,
  list: (query: string, attention: boolean) =>
    [...deviceKeys.all, 'list', query, attention] as const,
  summary: () => [...deviceKeys.all, 'summary'] as const,
}

/** `GET /device/search?query=&page=&attention=`: the devices, those with the oldest trials first. */
export function deviceSearchQueryOptions(query: string, attention: boolean) {
  return infiniteQueryOptions({
    queryKey: deviceKeys.list(query, attention),
    queryFn: async ({ pageParam }) =>
      (
        await call(deviceSearch, {
          query: { query, page: pageParam, attention: attention ? 'true' : 'false' },
        })
      ).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) => nextPage(pages, last.count, lastPage),
  })
}

/** `GET /device/summary`: the dashboard's "trials still on devices". */
export function deviceSummaryQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.summary(),
    queryFn: async () => (await call(deviceSummary, {})).data,
  })
}

/** `POST /device/revoke { id }`: a second revocation changes nothing and answers the same. */
export function useRevokeDevice() {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (id: string) => call(deviceRevoke, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  })
}
