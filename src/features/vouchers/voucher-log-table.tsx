import { Trans, useLingui } from '@lingui/react/macro'
import type { VoucherLogEntry } from '../../contract/vouchers.ts'
import { ScrollArea } from '../../ui/scroll-area.tsx'
import { DateTime } from '../../ui/date-time.tsx'
import { voucherTypeLabels } from '../../contract/record-labels.ts'
import styles from './vouchers.module.css'
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
  if (rows.length === 0)
    return (
      <p className={styles.empty}>
        <Trans>Nothing is logged for this voucher yet.</Trans>
      </p>
    )
  return (
    <ScrollArea labelledBy={headingId} className={styles.tableWrap}>
      <table className={styles.table} aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Code</Trans>
            </th>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col">
              <Trans>Type</Trans>
            </th>
            <th scope="col">
              <Trans>Consumer email</Trans>
            </th>
            <th scope="col">
              <Trans>Brand expert</Trans>
            </th>
            <th scope="col">
              <Trans>Store</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={`${styles.code} ${styles.nowrap}`}>{row.code}</td>
              <td>
                <DateTime value={row.date} />
              </td>
              <td>{i18n._(voucherTypeLabels[row.type])}</td>
              <td>{row.customerEmail ? <EmailAddress email={row.customerEmail} /> : '—'}</td>
              <td>{row.expert ?? '—'}</td>
              <td>{row.store ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  )
}
