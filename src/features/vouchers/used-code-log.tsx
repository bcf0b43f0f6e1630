import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { VoucherLogEntry } from '../../contract/vouchers.ts'
import { VoucherLogTable } from './voucher-log-table.tsx'
import styles from './vouchers.module.css'

/**
 * /used-code/{id}: a used voucher's log (`GET /voucher/code-log/{id}`, docs/behaviour.md#the-api).
 */
export function UsedCodeLog({
  voucherId,
  rows,
}: {
  voucherId: number
  rows: readonly VoucherLogEntry[]
}) {
  const code = rows[0]?.code
  return (
    <section className={styles.card} aria-labelledby="used-code-heading">
      <h2 id="used-code-heading">
        {code ? <Trans>Log of voucher {code}</Trans> : <Trans>Voucher log</Trans>}
      </h2>
      <VoucherLogTable rows={rows} headingId="used-code-heading" />
      <div className={styles.links}>
        <Link to="/vouchers/$id" params={{ id: voucherId }}>
          <Trans>Open the voucher</Trans>
        </Link>
      </div>
    </section>
  )
}
