import { useState } from 'react'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Combobox } from '../../ui/combobox.tsx'
import { useDebouncedValue } from '../../ui/use-debounced-value.ts'
import { productSearchQueryOptions } from './catalogue-queries.ts'
import type { ChosenProduct } from './wizard-state.ts'

/**
 * A searchable device picker: `GET /internal-products/search?type=Device` 300 ms after the last
 * keystroke, and no request while the text is the chosen device's name
 * (docs/behaviour.md#validation).
 */
export function DeviceCombobox({
  label,
  value,
  onChange,
}: {
  label: string
  value: ChosenProduct | null
  onChange: (device: ChosenProduct | null) => void
}) {
  const { t } = useLingui()
  const [text, setText] = useState(value?.name ?? '')
  const typed = useDebouncedValue(text, 300)
  const showsChoice = value !== null && typed === value.name
  const search = useInfiniteQuery({
    ...productSearchQueryOptions('Device', typed),
    enabled: !showsChoice,
    placeholderData: keepPreviousData,
  })
  const devices = search.data?.pages.flatMap((page) => page.rows) ?? []

  return (
    <Combobox<ChosenProduct>
      label={label}
      items={devices}
      itemToString={(device) => device.name}
      itemKey={(device) => device.id}
      selectedItem={value}
      onSelectedItemChange={(device) =>
        onChange(device === null ? null : { id: device.id, name: device.name })
      }
      inputValue={text}
      onInputValueChange={setText}
      loading={search.isFetching}
      emptyText={t`Device not found`}
      placeholder={t`Type a device name`}
      error={search.isError ? search.error.message : undefined}
      hasMore={search.hasNextPage}
      onLoadMore={() => void search.fetchNextPage()}
    />
  )
}
