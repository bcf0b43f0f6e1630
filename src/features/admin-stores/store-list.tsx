import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { Store } from '../../contract/stores.ts'
import { TextField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { RecordTable, type Column } from '../../ui/record-table.tsx'
import { storeSearchQueryOptions } from '../../api/store-queries.ts'
import { useCountryName } from './country-name.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * /stores searches by name, address or city, page by page (docs/behaviour.md#screens-and-routes).
 */
export function StoreList({
  query,
  onSearch,
}: {
  query: string
  onSearch: (query: string) => void
}) {
  const { t } = useLingui()
  const [text, setText] = useState(query)
  return (
    <>
      <section className={styles.card} aria-labelledby="store-search-heading">
        <h2 id="store-search-heading">
          <Trans>Find a store</Trans>
        </h2>
        <form
          role="search"
          aria-labelledby="store-search-heading"
          className={styles.searchForm}
          onSubmit={(event) => {
            event.preventDefault()
            onSearch(text.trim())
          }}
        >
          <TextField
            label={t`Name, address or city`}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
          />
          <Button type="submit" className={styles.searchButton}>
            <Trans>Search</Trans>
          </Button>
        </form>
      </section>
      <StoreResults query={query} />
    </>
  )
}

function StoreResults({ query }: { query: string }) {
  const { t } = useLingui()
  const countryName = useCountryName()
  const search = useInfiniteQuery(storeSearchQueryOptions(query))
  const rows = search.data?.pages.flatMap((page) => page.rows) ?? []
  const count = search.data?.pages[0]?.count ?? 0
  if (search.isPending)
    return (
      <p className={styles.loading} role="status">
        <Spinner /> <Trans>Loading…</Trans>
      </p>
    )
  if (search.isError)
    return (
      <div role="alert" className={styles.alert}>
        <p>{search.error.message}</p>
        <Button variant="secondary" onClick={() => void search.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )
  const columns: Column<Store>[] = [
    {
      header: <Trans context="store">Name</Trans>,
      rowHeader: true,
      cell: (store) => (
        <Link to="/stores/$id" params={{ id: store.id }}>
          {store.name}
        </Link>
      ),
    },
    { header: <Trans>Address</Trans>, cell: (store) => store.address },
    { header: <Trans>City</Trans>, cell: (store) => store.city },
    { header: <Trans>Country</Trans>, cell: (store) => countryName(store.country) },
  ]
  return (
    <section className={styles.card} aria-labelledby="store-results-heading">
      <h2 id="store-results-heading">
        <Trans>Stores</Trans>
      </h2>
      <p role="status" className={styles.muted}>
        {t({ message: plural(count, { one: '# store found', other: '# stores found' }) })}
      </p>
      <RecordTable
        labelledBy="store-results-heading"
        rows={rows}
        columns={columns}
        rowKey={(store) => store.id}
        empty={<Trans>No store matches this search.</Trans>}
      />
      {search.hasNextPage && (
        <Button
          variant="secondary"
          loading={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
        >
          <Trans>Load more</Trans>
        </Button>
      )}
    </section>
  )
}
