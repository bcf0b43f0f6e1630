import { useLingui } from '@lingui/react/macro'
import type { VoucherStatus } from '../../contract/vouchers.ts'
import { voucherStatusLabels } from '../../contract/record-labels.ts'
import { voucherStatusMessage, voucherStatusTone } from './voucher-status.ts'
import styles from './vouchers.module.css'

export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  const { i18n } = useLingui()
  return (
    <span className={styles.badge} data-tone={voucherStatusTone[status]}>
      {i18n._(voucherStatusLabels[status])}
    </span>
  )
}

/**
 * The status as a badge with its sentence (docs/behaviour.md#states-and-transitions and
 * docs/behaviour.md#errors-and-messages): valid, already used, expired.
 */
export function VoucherStatusPanel({ status }: { status: VoucherStatus }) {
  const { i18n } = useLingui()
  return (
    <div className={styles.status} data-tone={voucherStatusTone[status]}>
      <VoucherStatusBadge status={status} />
      <p>{i18n._(voucherStatusMessage[status].id)}</p>
    </div>
  )
}
