import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { Trial } from '../../contract/trial.ts'
import { PagedResults } from '../../ui/search-panel.tsx'
import { useFormat } from '../../ui/use-format.ts'
import type { Column } from '../../ui/record-table.tsx'
import { shoppingLabels } from '../../contract/trial-labels.ts'
import { DateRangeForm } from '../../ui/admin/date-range-form.tsx'
import { expertTrialsQueryOptions } from './trial-queries.ts'
import type { DateRange } from '../../routing/route-params.ts'

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

  const columns: Column<Trial>[] = [
    {
      header: <Trans>Time</Trans>,
      rowHeader: true,
      cell: (trial) => (
        <Link to="/surveys/$id" params={{ id: trial.id }}>
          {format.dateTime(trial.capturedAt)}
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
    <PagedResults
      id="expert-trials-heading"
      title={<Trans>Trials</Trans>}
      filters={
        <DateRangeForm
          key={JSON.stringify(range)}
          range={range}
          onApply={onRange}
          labelledBy="expert-trials-heading"
        />
      }
      search={search}
      found={(count) => t({ message: plural(count, { one: '# trial', other: '# trials' }) })}
      columns={columns}
      rowKey={(trial) => trial.id}
      empty={<Trans>No trials in this period.</Trans>}
    />
  )
}
