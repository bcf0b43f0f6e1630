import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { getJson } from '../../api/client.ts'
import { storeListSchema, storeSchema } from '../../contract/stores.ts'

export const storeKeys = {
  all: ['stores'] as const,
  search: (query: string) => [...storeKeys.all, 'search', query] as const,
  detail: (id: number) => [...storeKeys.all, 'detail', id] as const,
}

/** `GET /store/search`, page by page: a next page exists while fewer rows than `count` are loaded. */
export function storeSearchQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: storeKeys.search(query),
    queryFn: async ({ pageParam }) =>
      (await getJson('store/search', storeListSchema, { query, page: pageParam })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) =>
      pages.reduce((loaded, page) => loaded + page.rows.length, 0) < last.count
        ? lastPage + 1
        : undefined,
  })
}

/** `GET /store/{id}`: cached for 2 minutes, never retried (spec section 7). */
export function storeQueryOptions(id: number) {
  return queryOptions({
    queryKey: storeKeys.detail(id),
    queryFn: async () => (await getJson(`store/${id}`, storeSchema)).data,
    staleTime: 2 * 60_000,
    retry: false,
  })
}
