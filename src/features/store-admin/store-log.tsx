import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { StoreLogRow } from '../../contract/store-admin.ts'
import { PagedResults } from '../../ui/search-panel.tsx'
import { useFormat } from '../../ui/use-format.ts'
import type { Column } from '../../ui/record-table.tsx'
import { DateRangeForm } from '../../ui/admin/date-range-form.tsx'
import { SelectField } from '../../ui/admin/select-field.tsx'
import { formatDuration } from './duration.ts'
import { storeLogQueryOptions, type StoreLogFilter } from './store-admin-queries.ts'

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
    <PagedResults
      id="store-log-heading"
      title={<Trans>Store log</Trans>}
      filters={
        <DateRangeForm
          key={JSON.stringify(filter)}
          range={filter}
          labelledBy="store-log-heading"
          onApply={(range) => onFilter({ ...range, user: user ? Number(user) : undefined })}
        >
          <SelectField label={t`Manager`} value={user} options={options} onChange={setUser} />
        </DateRangeForm>
      }
      search={log}
      found={(count) => t({ message: plural(count, { one: '# check-in', other: '# check-ins' }) })}
      columns={columns}
      rowKey={(row) => row.id}
      empty={<Trans>No check-ins in this period.</Trans>}
    />
  )
}
