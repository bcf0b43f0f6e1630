import { useState } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import type { Store } from '../contract/stores.ts'
import { Combobox } from './combobox.tsx'
import { useDebouncedValue } from './use-debounced-value.ts'
import {
  allStoresQueryOptions,
  matchStores,
  storeSearchQueryOptions,
} from '../api/store-queries.ts'

function storeLabel(store: Store): string {
  return `${store.name}, ${store.city}`
}

/**
 * A searchable store picker: `GET /store/search` 300 ms after the last keystroke
 * (docs/behaviour.md#constants-and-limits).
 */
export function StoreCombobox({
  value,
  onChange,
  error,
  label,
  required = true,
}: {
  value: Store | null
  onChange: (store: Store | null) => void
  error?: string | undefined
  label?: string
  /** False where no store means "any store" (a filter). */
  required?: boolean
}) {
  const { t } = useLingui()
  const [text, setText] = useState(value ? storeLabel(value) : '')
  const typed = useDebouncedValue(text, 300)
  // Choosing a store puts its name in the box; that is no new search
  // (docs/behaviour.md#validation).
  const query = value && typed === storeLabel(value) ? '' : typed
  const search = useInfiniteQuery(storeSearchQueryOptions(query))
  // No answer from the server (offline): choose from the stores kept on the device.
  const unanswered = !search.data && (search.fetchStatus === 'paused' || search.isError)
  const kept = useQuery({ ...allStoresQueryOptions(), enabled: unanswered })
  const stores = unanswered
    ? matchStores(kept.data ?? [], query)
    : (search.data?.pages.flatMap((page) => page.rows) ?? [])

  return (
    <Combobox
      label={label ?? t`Store`}
      required={required}
      items={stores}
      itemToString={storeLabel}
      itemKey={(store) => String(store.id)}
      selectedItem={value}
      onSelectedItemChange={onChange}
      inputValue={text}
      onInputValueChange={setText}
      loading={search.isFetching && !unanswered}
      emptyText={t`Store not found`}
      placeholder={t`Type a store name, address or city`}
      error={error}
      hasMore={!unanswered && search.hasNextPage}
      onLoadMore={() => void search.fetchNextPage()}
    />
  )
}
