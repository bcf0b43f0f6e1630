import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { pagedQueryOptions } from '../../api/paging.ts'
import {
  brandFamilyListSchema,
  packListSchema,
  type PackType,
  type ProductType,
} from '../../contract/catalogue.ts'
import { packSearch, productSearch } from '../../contract/endpoints/catalogue.ts'

/** The catalogue changes rarely: a day in the cache, so the wizard works from it on weak Wi-Fi. */
const day = 24 * 60 * 60_000
const cached = { staleTime: day, gcTime: day } as const

export const catalogueKeys = {
  all: ['catalogue'] as const,
  families: (type: PackType) => [...catalogueKeys.all, 'families', type] as const,
  packs: (type: PackType, brandFamily: string) =>
    [...catalogueKeys.all, 'packs', type, brandFamily] as const,
  productSearch: (type: ProductType, query: string) =>
    [...catalogueKeys.all, 'products', type, 'search', query] as const,
  allProducts: (type: ProductType) => [...catalogueKeys.all, 'products', type, 'all'] as const,
}

/** Every row of a paged list: pages from 1 while fewer rows than `count` are loaded. */
async function allPages<T>(
  fetchPage: (page: number) => Promise<{ rows: T[]; count: number }>,
): Promise<T[]> {
  const rows: T[] = []
  for (let page = 1; page <= 100; page++) {
    const result = await fetchPage(page)
    rows.push(...result.rows)
    if (result.rows.length === 0 || rows.length >= result.count) break
  }
  return rows
}

/** `GET /packages/search?family=true&type=`: the brand families of HTS or RMC packs (not paged). */
export function brandFamiliesQueryOptions(type: PackType) {
  return queryOptions({
    queryKey: catalogueKeys.families(type),
    queryFn: async () =>
      (await call(packSearch, { query: { family: 'true', type } }, brandFamilyListSchema)).data
        .rows,
    ...cached,
  })
}

/** `GET /packages/search?type=&brandFamily=&query=`: a family's packs (filtered on the server, not paged). */
export function packsQueryOptions(type: PackType, brandFamily: string) {
  return queryOptions({
    queryKey: catalogueKeys.packs(type, brandFamily),
    queryFn: async () =>
      (await call(packSearch, { query: { type, brandFamily, query: '' } }, packListSchema)).data
        .rows,
    ...cached,
  })
}

/** `GET /internal-products/search?type=&query=&page=`, page by page (the device pickers). */
export function productSearchQueryOptions(type: ProductType, query: string) {
  return {
    ...pagedQueryOptions(
      catalogueKeys.productSearch(type, query),
      async (page) => (await call(productSearch, { query: { type, query, page } })).data,
    ),
    ...cached,
  }
}

/**
 * Every product of a type, all pages (docs/behaviour.md#the-api: the sticks list fetches all
 * pages).
 */
export function allProductsQueryOptions(type: ProductType) {
  return queryOptions({
    queryKey: catalogueKeys.allProducts(type),
    queryFn: () =>
      allPages(
        async (page) => (await call(productSearch, { query: { type, query: '', page } })).data,
      ),
    ...cached,
  })
}
