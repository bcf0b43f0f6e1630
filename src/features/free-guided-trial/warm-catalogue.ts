import type { QueryClient } from '@tanstack/react-query'
import type { PackType } from '../../contract/catalogue.ts'
import { rememberPackImages } from '../../offline/pack-image-list.ts'
import { cachePackImages } from '../../offline/service-worker.ts'
import {
  allProductsQueryOptions,
  brandFamiliesQueryOptions,
  packsQueryOptions,
} from './catalogue-queries.ts'

const packTypes: PackType[] = ['HTS', 'RMC']

/**
 * After sign-in, fetches the whole trial catalogue into the (persisted) query cache and asks the
 * service worker for every pack image, so a trial can be run with no connection
 * (docs/behaviour.md#offline).
 */
export async function warmCatalogue(queryClient: QueryClient): Promise<void> {
  try {
    const packLists = await Promise.all(
      packTypes.map(async (type) => {
        const families = await queryClient.query(brandFamiliesQueryOptions(type))
        return Promise.all(
          families.map((family) => queryClient.query(packsQueryOptions(type, family.brandFamily))),
        )
      }),
    )
    await Promise.all([
      queryClient.query(allProductsQueryOptions('Stick')),
      queryClient.query(allProductsQueryOptions('Device')),
    ])
    const images = packLists.flat(2).flatMap((pack) => (pack.src ? [pack.src] : []))
    // Kept for the ready panel, which counts them in the worker's cache and fetches what is missing.
    rememberPackImages(images)
    await cachePackImages(images)
  } catch (error) {
    // Offline or a server error: the next sign-in or start tries again.
    console.warn('catalogue not cached for offline use', error)
  }
}
