import * as v from 'valibot'
import { useQueryClient } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'

/**
 * The stores kept on the device, as `allStoresQueryOptions` (src/api/store-queries.ts) keeps them.
 * Read by key rather than through those options: importing them would bring the store picker's
 * chunk (the combobox) into every screen that shares this feature's code.
 */
const keptStoresKey = ['stores', 'all']
const keptStoresSchema = v.array(v.object({ id: v.number(), name: v.string() }))

/**
 * A store's name from the stores kept on the device (none is fetched for it: the outbox screen
 * works offline), else its number.
 */
export function useStoreName(): (id: number) => string {
  const { t } = useLingui()
  const kept = v.safeParse(keptStoresSchema, useQueryClient().getQueryData(keptStoresKey))
  const stores = kept.success ? kept.output : []
  return (id) => stores.find((store) => store.id === id)?.name ?? t`Store #${id}`
}
