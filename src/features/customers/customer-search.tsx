import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { TextField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { ScrollArea } from '../../ui/scroll-area.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { EmailAddress } from '../../ui/email-address.tsx'
import { customerCountLimit, customerQueryMinLength } from '../../contract/customers.ts'
import { customerSearchQueryOptions } from './customer-queries.ts'
import { NeedsConnection } from '../../ui/needs-connection.tsx'
import { ApiError } from '../../api/api-error.ts'
import styles from '../../ui/records.module.css'

/**
 * /customers searches by email, phone, referral code or name, page by page
 * (docs/behaviour.md#screens-and-routes).
 */
export function CustomerSearch({
  query,
  onSearch,
}: {
  /** The search in the URL. */
  query: string
  onSearch: (query: string) => void
}) {
  const { t } = useLingui()
  const [text, setText] = useState(query)
  const [tooShort, setTooShort] = useState(() => isTooShort(query))
  const minimum = customerQueryMinLength
  return (
    <>
      <section className={styles.card} aria-labelledby="customer-search-heading">
        <h2 id="customer-search-heading">
          <Trans>Find a consumer</Trans>
        </h2>
        <form
          role="search"
          aria-labelledby="customer-search-heading"
          className={styles.searchForm}
          onSubmit={(event) => {
            event.preventDefault()
            const wanted = text.trim()
            // One or two characters would match nothing: asked for more, not answered "no match".
            setTooShort(isTooShort(wanted))
            if (!isTooShort(wanted)) onSearch(wanted)
          }}
        >
          <TextField
            label={t`Email, phone, referral code or name`}
            type="search"
            value={text}
            error={tooShort ? t`Type at least ${minimum} characters.` : undefined}
            onChange={(event) => {
              setText(event.target.value)
              setTooShort(false)
            }}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" className={styles.searchButton}>
            <Trans>Search</Trans>
          </Button>
        </form>
      </section>
      {query && !isTooShort(query) ? (
        <CustomerResults query={query} />
      ) : (
        <p className={styles.empty}>
          <Trans>Search by email, phone, referral code or name to see consumers.</Trans>
        </p>
      )}
    </>
  )
}

/** A query of one or two characters, too short to be part of anything looked for. */
function isTooShort(query: string): boolean {
  return query.length > 0 && query.length < customerQueryMinLength
}

function CustomerResults({ query }: { query: string }) {
  const { t } = useLingui()
  const format = useFormat()
  const search = useInfiniteQuery(customerSearchQueryOptions(query))
  const rows = search.data?.pages.flatMap((page) => page.rows) ?? []
  const count = search.data?.pages[0]?.count ?? 0

  // With no connection a search waits for one: said at once, not "Loading…" for ever.
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
          <p>{search.error.message}</p>
        )}
        <Button variant="secondary" onClick={() => void search.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )

  return (
    <section className={styles.card} aria-labelledby="customer-results-heading">
      <h2 id="customer-results-heading">
        <Trans>Results</Trans>
      </h2>
      <p role="status" className={styles.muted}>
        {count >= customerCountLimit
          ? t`${format.number(customerCountLimit)} or more consumers found`
          : t({
              message: plural(count, {
                one: '# consumer found',
                other: '# consumers found',
              }),
            })}
      </p>
      {rows.length === 0 ? (
        <p className={styles.empty}>
          <Trans>No consumer matches this search.</Trans>
        </p>
      ) : (
        <ScrollArea labelledBy="customer-results-heading" className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby="customer-results-heading">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>Email</Trans>
                </th>
                <th scope="col">
                  <Trans>Phone</Trans>
                </th>
                <th scope="col">
                  <Trans>Referral code</Trans>
                </th>
                <th scope="col" className={styles.numeric}>
                  <Trans>Points</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((customer) => (
                <tr key={customer.id}>
                  <th scope="row">
                    <Link to="/customers/$id/overview" params={{ id: customer.id }}>
                      {customer.fullname}
                    </Link>
                  </th>
                  <td>{customer.email ? <EmailAddress email={customer.email} /> : '—'}</td>
                  <td>{customer.phone ?? '—'}</td>
                  <td className={styles.code}>{customer.referralCode}</td>
                  <td className={styles.numeric}>{format.number(customer.points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
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
