import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { Trial } from '../../contract/trial.ts'
import { Button } from '../../ui/button.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { RecordTable, type Column } from '../../ui/record-table.tsx'
import { shoppingLabels } from '../../contract/trial-labels.ts'
import { DateRangeForm } from '../../ui/admin/date-range-form.tsx'
import { expertTrialsQueryOptions } from './trial-queries.ts'
import type { DateRange } from '../../routing/route-params.ts'
import styles from '../../ui/admin/admin.module.css'

/** /experts/{id}: the expert's trials, newest first, filtered by a date range, page by page. */
export function ExpertTrials({
  userId,
  range,
  onRange,
}: {
  userId: number
  range: DateRange
  onRange: (range: DateRange) => void
}) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const search = useInfiniteQuery(expertTrialsQueryOptions(userId, range))
  const rows = search.data?.pages.flatMap((page) => page.rows) ?? []
  const count = search.data?.pages[0]?.count ?? 0

  const columns: Column<Trial>[] = [
    {
      header: <Trans>Time</Trans>,
      rowHeader: true,
      cell: (trial) => (
        <Link to="/surveys/$id" params={{ id: trial.id }}>
          {format.dateTime(trial.createdAt)}
        </Link>
      ),
    },
    { header: <Trans>Store</Trans>, cell: (trial) => trial.store.name },
    {
      header: <Trans>Kind</Trans>,
      cell: (trial) =>
        typeof trial.comment === 'string' ? <Trans>Simple</Trans> : <Trans>Guided</Trans>,
    },
    {
      header: <Trans>Shopping</Trans>,
      cell: (trial) =>
        typeof trial.comment === 'string' ? '—' : i18n._(shoppingLabels[trial.comment.shopping]),
    },
  ]

  return (
    <section className={styles.card} aria-labelledby="expert-trials-heading">
      <h2 id="expert-trials-heading">
        <Trans>Trials</Trans>
      </h2>
      <DateRangeForm
        key={JSON.stringify(range)}
        range={range}
        onApply={onRange}
        labelledBy="expert-trials-heading"
      />
      {search.isPending ? (
        <p className={styles.loading} role="status">
          <Spinner /> <Trans>Loading…</Trans>
        </p>
      ) : search.isError ? (
        <div role="alert" className={styles.alert}>
          <p>{search.error.message}</p>
          <Button variant="secondary" onClick={() => void search.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <>
          <p role="status" className={styles.muted}>
            {t({ message: plural(count, { one: '# trial', other: '# trials' }) })}
          </p>
          <RecordTable
            labelledBy="expert-trials-heading"
            rows={rows}
            columns={columns}
            rowKey={(trial) => trial.id}
            empty={<Trans>No trials in this period.</Trans>}
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
        </>
      )}
    </section>
  )
}
