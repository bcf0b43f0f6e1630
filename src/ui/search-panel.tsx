import { useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '../api/api-error.ts'
import { TextField } from './field.tsx'
import { Button } from './button.tsx'
import { Spinner } from './spinner.tsx'
import { NeedsConnection } from './needs-connection.tsx'
import { RecordTable, type Column } from './record-table.tsx'
import styles from './records.module.css'

/** A search screen's props: the search in the URL, and where a new one goes. */
export interface SearchProps {
  query: string
  onSearch: (query: string) => void
}

/**
 * A search card: a heading, one search field and its button. The search is the URL's (`query`);
 * Search hands the trimmed text to `onSearch`. With `minLength`, a text shorter than that (but not
 * empty) is refused with a reason: it would match nothing, which is not "no match".
 */
export function SearchForm({
  id,
  title,
  label,
  query,
  onSearch,
  minLength = 0,
}: {
  id: string
  title: ReactNode
  label: string
  minLength?: number
} & SearchProps) {
  const { t } = useLingui()
  const [text, setText] = useState(query)
  const minimum = minLength
  const tooShort = (value: string) => value.length > 0 && value.length < minLength
  const [refused, setRefused] = useState(() => tooShort(query))
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <form
        role="search"
        aria-labelledby={id}
        className={styles.searchForm}
        onSubmit={(event) => {
          event.preventDefault()
          const wanted = text.trim()
          setRefused(tooShort(wanted))
          if (!tooShort(wanted)) onSearch(wanted)
        }}
      >
        <TextField
          label={label}
          type="search"
          value={text}
          error={refused ? t`Type at least ${minimum} characters.` : undefined}
          onChange={(event) => {
            setText(event.target.value)
            setRefused(false)
          }}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" className={styles.searchButton}>
          <Trans>Search</Trans>
        </Button>
      </form>
    </section>
  )
}

/** What `PagedResults` reads of a `useInfiniteQuery` over pages of `{ rows, count }`. */
export interface PagedSearch<T> {
  data: { pages: readonly { rows: readonly T[]; count: number }[] } | undefined
  isPending: boolean
  isError: boolean
  error: Error | null
  fetchStatus: 'fetching' | 'paused' | 'idle'
  hasNextPage: boolean
  isFetchingNextPage: boolean
  refetch: () => unknown
  fetchNextPage: () => unknown
}

/**
 * A paged list's card (docs/behaviour.md#states-and-transitions): its heading and filters, then
 * loading, an error with Try again, or how many rows there are, the rows' table (named by the
 * heading), and Load more while a next page exists. With no connection it says so at once instead
 * of loading for ever.
 */
export function PagedResults<T>({
  id,
  title,
  filters,
  search,
  found,
  columns,
  rowKey,
  empty,
}: {
  id: string
  title: ReactNode
  /** A form that narrows the list, under the heading. */
  filters?: ReactNode
  search: PagedSearch<T>
  /** The status line: how many rows the search found in all. */
  found: (count: number) => ReactNode
  columns: readonly Column<T>[]
  rowKey: (row: T, index: number) => string | number
  /** What the card says when the search found nothing. */
  empty: ReactNode
}) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {filters}
      <PagedRows search={search} found={found}>
        {(rows) => (
          <RecordTable
            labelledBy={id}
            rows={rows}
            columns={columns}
            rowKey={rowKey}
            empty={empty}
          />
        )}
      </PagedRows>
    </section>
  )
}

function PagedRows<T>({
  search,
  found,
  children,
}: {
  search: PagedSearch<T>
  found: (count: number) => ReactNode
  children: (rows: readonly T[]) => ReactNode
}) {
  if (search.isPending && search.fetchStatus === 'paused') return <NeedsConnection />
  if (search.isPending)
    return (
      <p className={styles.loading} role="status">
        <Spinner /> <Trans>Loading…</Trans>
      </p>
    )
  if (search.isError)
    return (
      <div role="alert" className={styles.alert}>
        {search.error instanceof ApiError && search.error.status === 0 ? (
          <NeedsConnection />
        ) : (
          <p>{search.error?.message}</p>
        )}
        <Button variant="secondary" onClick={() => void search.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )
  const pages = search.data?.pages ?? []
  return (
    <>
      <p role="status" className={styles.muted}>
        {found(pages[0]?.count ?? 0)}
      </p>
      {children(pages.flatMap((page) => page.rows))}
      {search.hasNextPage && (
        <Button
          variant="secondary"
          loading={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
        >
          <Trans>Load more</Trans>
        </Button>
      )}
    </>
  )
}
