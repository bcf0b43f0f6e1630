import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { Store } from '../../contract/stores.ts'
import { PagedResults, SearchForm, type SearchProps } from '../../ui/search-panel.tsx'
import type { Column } from '../../ui/record-table.tsx'
import { storeSearchQueryOptions } from '../../api/store-queries.ts'
import { useCountryName } from '../../ui/country-name.ts'

/**
 * /stores searches by name, address or city, page by page (docs/behaviour.md#screens-and-routes).
 */
export function StoreList({ query, onSearch }: SearchProps) {
  const { t } = useLingui()
  return (
    <>
      <SearchForm
        id="store-search-heading"
        title={<Trans>Find a store</Trans>}
        label={t`Name, address or city`}
        query={query}
        onSearch={onSearch}
      />
      <StoreResults query={query} />
    </>
  )
}

function StoreResults({ query }: { query: string }) {
  const { t } = useLingui()
  const countryName = useCountryName()
  const search = useInfiniteQuery(storeSearchQueryOptions(query))
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
    <PagedResults
      id="store-results-heading"
      title={<Trans>Stores</Trans>}
      search={search}
      found={(count) =>
        t({ message: plural(count, { one: '# store found', other: '# stores found' }) })
      }
      columns={columns}
      rowKey={(store) => store.id}
      empty={<Trans>No store matches this search.</Trans>}
    />
  )
}
