import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { useFormat } from '../../ui/use-format.ts'
import { EmailAddress } from '../../ui/email-address.tsx'
import { PagedResults, SearchForm, type SearchProps } from '../../ui/search-panel.tsx'
import type { Column } from '../../ui/record-table.tsx'
import {
  customerCountLimit,
  customerQueryMinLength,
  type CustomerSummary,
} from '../../contract/customers.ts'
import { customerSearchQueryOptions } from './customer-queries.ts'
import styles from '../../ui/records.module.css'

/**
 * /customers searches by email, phone, referral code or name, page by page
 * (docs/behaviour.md#screens-and-routes).
 */
export function CustomerSearch({ query, onSearch }: SearchProps) {
  const { t } = useLingui()
  const searched = query.length >= customerQueryMinLength
  return (
    <>
      <SearchForm
        id="customer-search-heading"
        title={<Trans>Find a consumer</Trans>}
        label={t`Email, phone, referral code or name`}
        query={query}
        onSearch={onSearch}
        minLength={customerQueryMinLength}
      />
      {searched ? (
        <CustomerResults query={query} />
      ) : (
        <p className={styles.empty}>
          <Trans>Search by email, phone, referral code or name to see consumers.</Trans>
        </p>
      )}
    </>
  )
}

function CustomerResults({ query }: { query: string }) {
  const { t } = useLingui()
  const format = useFormat()
  const search = useInfiniteQuery(customerSearchQueryOptions(query))
  const columns: Column<CustomerSummary>[] = [
    {
      header: <Trans>Name</Trans>,
      rowHeader: true,
      cell: (customer) => {
        const id = customer.id
        return (
          <Link to="/customers/$id/overview" params={{ id }}>
            {/* An erased customer has no name left: their number stands for it. */}
            {customer.fullname || t`Consumer no. ${id}`}
          </Link>
        )
      },
    },
    {
      header: <Trans>Email</Trans>,
      cell: (customer) => (customer.email ? <EmailAddress email={customer.email} /> : '—'),
    },
    { header: <Trans>Phone</Trans>, cell: (customer) => customer.phone ?? '—' },
    {
      header: <Trans>Referral code</Trans>,
      cell: (customer) => <span className={styles.code}>{customer.referralCode}</span>,
    },
    {
      header: <Trans>Points</Trans>,
      cell: (customer) => format.number(customer.points),
      numeric: true,
    },
  ]
  return (
    <PagedResults
      id="customer-results-heading"
      title={<Trans>Results</Trans>}
      search={search}
      found={(count) =>
        count >= customerCountLimit
          ? t`${format.number(customerCountLimit)} or more consumers found`
          : t({ message: plural(count, { one: '# consumer found', other: '# consumers found' }) })
      }
      columns={columns}
      rowKey={(customer) => customer.id}
      empty={<Trans>No consumer matches this search.</Trans>}
    />
  )
}
