import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import type { CustomerSummary } from '../../contract/customers.ts'
import { Combobox } from '../../ui/combobox.tsx'
import { useDebouncedValue } from '../../ui/use-debounced-value.ts'
import { customerSearchQueryOptions } from './customer-queries.ts'
import styles from '../../ui/records.module.css'

const customerName = (customer: CustomerSummary) => customer.fullname

/**
 * A searchable customer picker: `GET /customer/search` 300 ms after the last keystroke, by email,
 * phone, referral code or name; each option shows the name, email and phone.
 */
export function CustomerCombobox({
  label,
  value,
  onChange,
  error,
}: {
  label: string
  value: CustomerSummary | null
  onChange: (customer: CustomerSummary | null) => void
  error: string | undefined
}) {
  const { t } = useLingui()
  const [text, setText] = useState(value ? customerName(value) : '')
  const typed = useDebouncedValue(text.trim(), 300)
  // Choosing a customer puts their name in the box; that is no new search
  // (docs/behaviour.md#validation).
  const query = value && typed === customerName(value) ? '' : typed
  const search = useInfiniteQuery({ ...customerSearchQueryOptions(query), enabled: query !== '' })
  const customers = query === '' ? [] : (search.data?.pages.flatMap((page) => page.rows) ?? [])

  return (
    <Combobox
      label={label}
      required
      items={customers}
      itemToString={customerName}
      itemKey={(customer) => customer.id}
      selectedItem={value}
      onSelectedItemChange={onChange}
      inputValue={text}
      onInputValueChange={setText}
      loading={search.isFetching}
      emptyText={
        query === ''
          ? t`Type a name, email, phone or referral code`
          : // A refused search (too many at once, no connection) says why, not "none found".
            (search.error?.message ?? t`No consumer found`)
      }
      placeholder={t`Name, email, phone or referral code`}
      error={error}
      hasMore={search.hasNextPage}
      onLoadMore={() => void search.fetchNextPage()}
      renderItem={(customer) => (
        <span className={styles.option}>
          <span className={styles.optionName}>{customer.fullname}</span>
          <span className={styles.optionMeta}>
            {[customer.email, customer.phone].filter(Boolean).join(' · ')}
          </span>
        </span>
      )}
    />
  )
}
