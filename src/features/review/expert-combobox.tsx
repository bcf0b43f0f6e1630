import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Combobox } from '../../ui/combobox.tsx'
import { useDebouncedValue } from '../../ui/use-debounced-value.ts'
import { expertSearchQueryOptions } from './review-queries.ts'

export type Expert = { id: number; fullname: string }

/** A searchable picker of the trials' author (`GET /user/search`, 300 ms after the last key). */
export function ExpertCombobox({
  value,
  onChange,
}: {
  value: Expert | null
  onChange: (expert: Expert | null) => void
}) {
  const { t } = useLingui()
  const [text, setText] = useState(value?.fullname ?? '')
  const typed = useDebouncedValue(text, 300)
  // Choosing an expert puts their name in the box; that is no new search.
  const query = value && typed === value.fullname ? '' : typed
  const search = useInfiniteQuery(expertSearchQueryOptions(query))
  const experts = search.data?.pages.flatMap((page) => page.rows) ?? []
  return (
    <Combobox
      label={t`Brand Expert`}
      items={experts}
      itemToString={(expert) => expert.fullname}
      itemKey={(expert) => expert.id}
      selectedItem={value}
      onSelectedItemChange={onChange}
      inputValue={text}
      onInputValueChange={(next) => {
        setText(next)
        // An emptied box is "every expert".
        if (next === '') onChange(null)
      }}
      loading={search.isFetching}
      emptyText={t`No user found`}
      hasMore={search.hasNextPage}
      onLoadMore={() => void search.fetchNextPage()}
    />
  )
}
