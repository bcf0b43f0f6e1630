import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { auditActions, type AuditRow } from '../../contract/audit.ts'
import { DateRangeForm } from '../../ui/admin/date-range-form.tsx'
import { SelectField } from '../../ui/admin/select-field.tsx'
import { LimitedTextField } from '../../ui/length-limit.tsx'
import type { Column } from '../../ui/record-table.tsx'
import { PagedResults } from '../../ui/search-panel.tsx'
import { DateTime } from '../../ui/date-time.tsx'
import { EmailAddress } from '../../ui/email-address.tsx'
import { auditActionLabels, auditOutcomeLabels } from './audit-labels.ts'
import { auditSearchQueryOptions, isAuditAction, type AuditFilter } from './audit-queries.ts'

/**
 * The audit log (docs/behaviour.md#audit-log), newest first: who did what to what, when, from
 * where, and how it ended; narrowed by text, act and days.
 */
export function AuditLog({
  filter,
  onFilter,
}: {
  filter: AuditFilter
  onFilter: (filter: AuditFilter) => void
}) {
  const { t, i18n } = useLingui()
  const [query, setQuery] = useState(filter.query ?? '')
  const [action, setAction] = useState<string>(filter.action ?? '')
  const log = useInfiniteQuery(auditSearchQueryOptions(filter))
  const columns: Column<AuditRow>[] = [
    {
      header: <Trans>When</Trans>,
      cell: (row) => <DateTime value={row.at} oneLine />,
      rowHeader: true,
    },
    {
      header: <Trans>Who</Trans>,
      // An address breaks only before its @ or a dot.
      cell: (row) => (
        <>
          <EmailAddress email={row.actor} />
          {row.role && ` (${row.role})`}
        </>
      ),
    },
    { header: <Trans>Act</Trans>, cell: (row) => i18n._(auditActionLabels[row.action]) },
    { header: <Trans>Target</Trans>, cell: (row) => row.target },
    { header: <Trans>Outcome</Trans>, cell: (row) => i18n._(auditOutcomeLabels[row.outcome]) },
    { header: <Trans>Address</Trans>, cell: (row) => row.clientAddress },
    { header: <Trans>Detail</Trans>, cell: (row) => row.detail ?? '' },
  ]
  const options = [
    { value: '', label: t`Every act` },
    ...auditActions.map((value) => ({ value, label: i18n._(auditActionLabels[value]) })),
  ]
  return (
    <PagedResults
      id="audit-log-heading"
      title={<Trans>Audit log</Trans>}
      filters={
        <DateRangeForm
          key={JSON.stringify(filter)}
          range={filter}
          labelledBy="audit-log-heading"
          onApply={(range) =>
            onFilter({
              ...range,
              query: query.trim() || undefined,
              action: isAuditAction(action) ? action : undefined,
            })
          }
        >
          <LimitedTextField
            label={t`Who or what`}
            value={query}
            maxLength={200}
            onChange={(event) => setQuery(event.target.value)}
          />
          <SelectField label={t`Act`} value={action} options={options} onChange={setAction} />
        </DateRangeForm>
      }
      search={log}
      found={(count) => t({ message: plural(count, { one: '# entry', other: '# entries' }) })}
      columns={columns}
      rowKey={(row) => row.id}
      empty={<Trans>Nothing recorded for this search.</Trans>}
    />
  )
}
