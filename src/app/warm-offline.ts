import type { QueryClient } from '@tanstack/react-query'
import { persistLookups } from '../offline/persist-lookups.ts'
import { refreshSealKey } from '../offline/seal-key.ts'
import { takeCurrentEdition } from '../offline/content-editions.ts'
import { warmCatalogue } from '../features/free-guided-trial/warm-catalogue.ts'
import { allStoresQueryOptions } from '../api/store-queries.ts'

/**
 * Entering the app (after sign-in, or on start) readies it for offline use: look-ups are kept on
 * the device from now on, and the trial catalogue, the content edition in use, the stores and the server's key
 * that finished trials' contacts are sealed to are fetched. Loaded when the app
 * is entered, so the sign-in page carries none of it.
 */
export function warmOffline(queryClient: QueryClient): void {
  persistLookups(queryClient)
  void warmCatalogue(queryClient)
  void takeCurrentEdition()
  void refreshSealKey()
  queryClient.query(allStoresQueryOptions()).catch(() => undefined)
}
