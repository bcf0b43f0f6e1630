import { queryOptions } from '@tanstack/react-query'
import { call } from './client.ts'
import { pagedQueryOptions } from './paging.ts'
import { storeById, storeSearch } from '../contract/endpoints/stores.ts'
import type { Store } from '../contract/stores.ts'

export const storeKeys = {
  all: ['stores'] as const,
  search: (query: string) => [...storeKeys.all, 'search', query] as const,
  detail: (id: number) => [...storeKeys.all, 'detail', id] as const,
}

/** `GET /store/search`, page by page. */
export function storeSearchQueryOptions(query: string) {
  return pagedQueryOptions(
    storeKeys.search(query),
    async (page) => (await call(storeSearch, { query: { query, page } })).data,
  )
}

/** `GET /store/{id}`: cached for 2 minutes, never retried (docs/behaviour.md#the-api). */
export function storeQueryOptions(id: number) {
  return queryOptions({
    queryKey: storeKeys.detail(id),
    queryFn: async () => (await call(storeById, { params: { id } })).data,
    staleTime: 2 * 60_000,
    retry: false,
  })
}

/** Every open store, all pages: kept for 24 h so a store can be chosen with no connection. */
export function allStoresQueryOptions() {
  return queryOptions({
    queryKey: [...storeKeys.all, 'all'] as const,
    queryFn: async () => {
      const stores: Store[] = []
      for (let page = 1; page <= 50; page += 1) {
        const { data } = await call(storeSearch, { query: { query: '', page } })
        stores.push(...data.rows)
        if (data.rows.length === 0 || stores.length >= data.count) break
      }
      return stores
    },
    staleTime: 24 * 60 * 60_000,
  })
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/gi, 'dj').toLowerCase()
}

/** The stores whose name, address or city contains the text, ignoring case and accents. */
export function matchStores(stores: readonly Store[], text: string): Store[] {
  const wanted = fold(text.trim())
  return stores.filter((store) =>
    fold(`${store.name} ${store.address} ${store.city}`).includes(wanted),
  )
}
