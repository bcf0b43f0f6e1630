import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { call } from '../../api/client.ts'
import { useAction } from '../../api/use-action.ts'
import {
  packRowListSchema,
  packTypes,
  type PackRow,
  type ProductRow,
  type ProductType,
} from '../../contract/catalogue.ts'
import { pictureField, type PackForm, type ProductForm } from '../../contract/catalogue-requests.ts'
import { packSearch, productSearch } from '../../contract/endpoints/catalogue.ts'
import {
  packCreate,
  packImageUpload,
  packRetire,
  packUpdate,
  productCreate,
  productRetire,
  productUpdate,
} from '../../contract/endpoints/catalogue-admin.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import { itemAddress, productTypeOf } from './catalogue-form.ts'

/**
 * The catalogue as the administration reads it, retired items too (docs/api.md#catalogue). Apart
 * from the trial's catalogue (`['catalogue']`), which the device keeps for offline use: a change
 * here refreshes both.
 */
export const catalogueAdminKeys = {
  all: ['catalogue-admin'] as const,
  packs: () => [...catalogueAdminKeys.all, 'packs'] as const,
  products: (type: ProductType) => [...catalogueAdminKeys.all, 'products', type] as const,
}

/** Every pack, HTS then RMC, each by brand name (`GET /packages/search?includeRetired=true`). */
export function packRowsQueryOptions() {
  return queryOptions({
    queryKey: catalogueAdminKeys.packs(),
    queryFn: async () => {
      const lists = await Promise.all(
        packTypes.map(
          async (type) =>
            (await call(packSearch, { query: { type, includeRetired: 'true' } }, packRowListSchema))
              .data.rows,
        ),
      )
      return lists.flat()
    },
  })
}

/** Every stick or device, all pages (`GET /internal-products/search?includeRetired=true`). */
export function productRowsQueryOptions(type: ProductType) {
  return queryOptions({
    queryKey: catalogueAdminKeys.products(type),
    queryFn: async () => {
      const rows: ProductRow[] = []
      for (let page = 1; page <= 100; page++) {
        const { data } = await call(productSearch, {
          query: { type, page, includeRetired: 'true' },
        })
        rows.push(...data.rows)
        if (data.rows.length === 0 || rows.length >= data.count) break
      }
      return rows
    },
  })
}

/** The not-found page, from a loader. */
function notFoundPage(): never {
  notFound({ throw: true })
  throw new Error('not found')
}

/**
 * A form's address (`/catalogue/{kind}/{id}`) and its item: nothing for a new one; an address of
 * no list, or an item the list lacks, is the not-found page.
 */
export async function loadItem(queryClient: QueryClient, kind: string, id: string) {
  const address = itemAddress(kind, id) ?? notFoundPage()
  if (address.id === 'new') return { address, item: undefined }
  const rows: (PackRow | ProductRow)[] =
    address.kind === 'packs'
      ? await queryClient.query(packRowsQueryOptions())
      : await queryClient.query(productRowsQueryOptions(productTypeOf(address.kind)))
  const item = rows.find((row) => row.id === address.id) ?? notFoundPage()
  return { address, item }
}

function useRefreshCatalogue() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['catalogue'] }),
    ])
}

/**
 * `POST /packages/image`: the picture chosen, as multipart form data; answers the path a pack
 * stores. Its refusals show at the field, not in a toast.
 */
export function useUploadPicture() {
  return useAction({
    mutationFn: async (file: File) => {
      const form = new FormData()
      form.append(pictureField, file)
      return (await call(packImageUpload, { form, timeout: 60_000 })).data
    },
    meta: { silent: true },
  })
}

/** `POST /packages/create`, or `/packages/update` with an id; answers the pack. */
export function useSavePack(id: number | null) {
  const refresh = useRefreshCatalogue()
  return useAction({
    mutationFn: (body: PackForm, key: string) => {
      const headers = { [idempotencyHeader]: key }
      return id === null
        ? call(packCreate, { body, headers })
        : call(packUpdate, { body: { id, ...body }, headers })
    },
    onSuccess: refresh,
  })
}

/** `POST /internal-products/create`, or `/internal-products/update` with an id. */
export function useSaveProduct(id: number | null) {
  const refresh = useRefreshCatalogue()
  return useAction({
    mutationFn: (body: ProductForm, key: string) => {
      const headers = { [idempotencyHeader]: key }
      return id === null
        ? call(productCreate, { body, headers })
        : call(productUpdate, { body: { id, ...body }, headers })
    },
    onSuccess: refresh,
  })
}

/** `POST /packages/retire` or `/internal-products/retire { id }`: new trials no longer offer it. */
export function useRetire(kind: 'pack' | 'product') {
  const refresh = useRefreshCatalogue()
  return useAction({
    mutationFn: (id: number, key: string): Promise<{ message: string | undefined }> => {
      const input = { body: { id }, headers: { [idempotencyHeader]: key } }
      return kind === 'pack' ? call(packRetire, input) : call(productRetire, input)
    },
    onSuccess: refresh,
  })
}
