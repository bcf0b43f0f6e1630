import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { StoreLogRow } from '../../contract/administration.ts'
import { Button } from '../../ui/button.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { RecordTable, type Column } from '../../ui/record-table.tsx'
import { DateRangeForm } from '../../ui/admin/date-range-form.tsx'
import { SelectField } from '../../ui/admin/select-field.tsx'
import { formatDuration } from './duration.ts'
import { storeLogQueryOptions, type StoreLogFilter } from './store-admin-queries.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * The store log (docs/behaviour.md#records): who checked in when, for how long, and how many
 * trials.
 */
export function StoreLog({
  storeId,
  managers,
  filter,
  onFilter,
}: {
  storeId: number
  /** Whom the log can be narrowed to: the store's managers. */
  managers: readonly { id: number; fullname: string }[]
  filter: StoreLogFilter
  onFilter: (filter: StoreLogFilter) => void
}) {
  const { t } = useLingui()
  const format = useFormat()
  const [user, setUser] = useState(filter.user ? String(filter.user) : '')
  const log = useInfiniteQuery(storeLogQueryOptions(storeId, filter))
  const rows = log.data?.pages.flatMap((page) => page.rows) ?? []
  const count = log.data?.pages[0]?.count ?? 0
  const columns: Column<StoreLogRow>[] = [
    { header: <Trans>Name</Trans>, cell: (row) => row.name, rowHeader: true },
    { header: <Trans>Login time</Trans>, cell: (row) => format.dateTime(row.loginAt) },
    {
      header: <Trans>Total time</Trans>,
      cell: (row) => {
        const duration = formatDuration(row.totalMinutes)
        return row.logoutAt ? duration : <Trans>{duration} (still here)</Trans>
      },
    },
    {
      header: <Trans>Trials entered</Trans>,
      cell: (row) => format.number(row.inputs),
      numeric: true,
    },
  ]
  const options = [
    { value: '', label: t`Everyone` },
    ...managers.map((manager) => ({
      value: String(manager.id),
      label: manager.fullname,
    })),
  ]
  return (
    <section className={styles.card} aria-labelledby="store-log-heading">
      <h2 id="store-log-heading">
        <Trans>Store log</Trans>
      </h2>
      <DateRangeForm
        key={JSON.stringify(filter)}
        range={filter}
        labelledBy="store-log-heading"
        onApply={(range) => onFilter({ ...range, user: user ? Number(user) : undefined })}
      >
        <SelectField label={t`Manager`} value={user} options={options} onChange={setUser} />
      </DateRangeForm>
      {log.isPending ? (
        <p className={styles.loading} role="status">
          <Spinner /> <Trans>Loading…</Trans>
        </p>
      ) : log.isError ? (
        <div role="alert" className={styles.alert}>
          <p>{log.error.message}</p>
          <Button variant="secondary" onClick={() => void log.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <>
          <p role="status" className={styles.muted}>
            {t({ message: plural(count, { one: '# check-in', other: '# check-ins' }) })}
          </p>
          <RecordTable
            labelledBy="store-log-heading"
            rows={rows}
            columns={columns}
            rowKey={(row) => row.id}
            empty={<Trans>No check-ins in this period.</Trans>}
          />
          {log.hasNextPage && (
            <Button
              variant="secondary"
              loading={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              <Trans>Load more</Trans>
            </Button>
          )}
        </>
      )}
    </section>
  )
}
