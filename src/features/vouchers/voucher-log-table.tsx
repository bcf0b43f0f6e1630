import { Trans, useLingui } from '@lingui/react/macro'
import type { VoucherLogEntry } from '../../contract/vouchers.ts'
import { DateTime } from '../../ui/date-time.tsx'
import { RecordTable, type Column } from '../../ui/record-table.tsx'
import { voucherTypeLabels } from '../../contract/record-labels.ts'
import styles from '../../ui/records.module.css'
import { EmailAddress } from '../../ui/email-address.tsx'

/** A voucher's log (docs/behaviour.md#records): code, date, type, customer email, expert, store. */
export function VoucherLogTable({
  rows,
  headingId,
}: {
  rows: readonly VoucherLogEntry[]
  /** The id of the heading that names the table. */
  headingId: string
}) {
  const { i18n } = useLingui()
  const columns: Column<VoucherLogEntry>[] = [
    { header: <Trans>Code</Trans>, cell: (row) => <span className={styles.code}>{row.code}</span> },
    { header: <Trans>Date</Trans>, cell: (row) => <DateTime value={row.date} /> },
    { header: <Trans>Type</Trans>, cell: (row) => i18n._(voucherTypeLabels[row.type]) },
    {
      header: <Trans>Consumer email</Trans>,
      cell: (row) => (row.customerEmail ? <EmailAddress email={row.customerEmail} /> : '—'),
    },
    { header: <Trans>Brand expert</Trans>, cell: (row) => row.expert ?? '—' },
    { header: <Trans>Store</Trans>, cell: (row) => row.store ?? '—' },
  ]
  return (
    <RecordTable
      labelledBy={headingId}
      rows={rows}
      columns={columns}
      rowKey={(row) => row.id}
      empty={<Trans>Nothing is logged for this voucher yet.</Trans>}
    />
  )
}
