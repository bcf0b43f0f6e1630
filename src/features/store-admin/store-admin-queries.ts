import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { useAction } from '../../api/use-action.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import type { StoreForm } from '../../contract/store-admin.ts'
import {
  storeCreate,
  storeDelete,
  storeLog,
  storeUpdate,
} from '../../contract/endpoints/store-admin.ts'
import { pagedQueryOptions, rangeParams } from '../../api/paging.ts'
import { storeKeys, storeQueryOptions } from '../../api/store-queries.ts'
import { orNotFound } from '../../routing/or-not-found.ts'
import type { DateRange } from '../../routing/route-params.ts'

export interface StoreLogFilter extends DateRange {
  user?: number | undefined
}

export const storeLogKeys = {
  all: ['store-log'] as const,
  list: (store: number, filter: StoreLogFilter) =>
    [...storeLogKeys.all, store, filter.user ?? null, rangeParams(filter)] as const,
}

/** A loader's store: one the server does not know (or archived) is the not-found page. */
export function loadStore(queryClient: QueryClient, id: number) {
  return orNotFound(queryClient.query({ ...storeQueryOptions(id), staleTime: 'static' }))
}

/** `GET /store/log?store=&user=&startAt=&endAt=&page=`: check-ins, newest first. */
export function storeLogQueryOptions(store: number, filter: StoreLogFilter) {
  return pagedQueryOptions(
    storeLogKeys.list(store, filter),
    async (page) =>
      (
        await call(storeLog, {
          query: {
            store,
            page,
            ...(filter.user ? { user: filter.user } : {}),
            ...rangeParams(filter),
          },
        })
      ).data,
  )
}

/** `POST /store/create`, or `/store/update` with an id; answers the store. */
export function useSaveStore(id: number | null) {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: async (body: StoreForm, key: string) =>
      id === null
        ? call(storeCreate, { body, headers: { [idempotencyHeader]: key } })
        : call(storeUpdate, { body: { id, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  })
}

/** `POST /store/delete { id }`: a store with history is archived; the answer says which. */
export function useDeleteStore() {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (id: number) => call(storeDelete, { body: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: storeKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: storeKeys.all })
    },
  })
}
