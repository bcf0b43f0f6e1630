import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { pagedQueryOptions } from '../../api/paging.ts'
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
  return pagedQueryOptions(
    deviceKeys.list(query, attention),
    async (page) =>
      (
        await call(deviceSearch, {
          query: { query, page, attention: attention ? 'true' : 'false' },
        })
      ).data,
  )
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
