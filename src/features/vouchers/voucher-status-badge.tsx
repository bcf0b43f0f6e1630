import { Trans, useLingui } from '@lingui/react/macro'
import type { VoucherStatus } from '../../contract/vouchers.ts'
import { voucherStatusLabels } from '../../contract/record-labels.ts'
import { voucherStatusMessage, voucherStatusTone } from './voucher-status.ts'
import styles from './vouchers.module.css'
import { storeMessages } from '../../contract/store-messages.ts'

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
 * docs/behaviour.md#errors-and-messages): valid, already used, expired; or, on the page where the
 * voucher was just redeemed, that it was (not "already used", which reads as a refusal).
 */
export function VoucherStatusPanel({
  status,
  redeemedJustNow,
}: {
  status: VoucherStatus
  redeemedJustNow: boolean
}) {
  const { i18n } = useLingui()
  if (redeemedJustNow && status === 'used')
    return (
      <div className={styles.status} data-tone="success">
        <span className={styles.badge} data-tone="success">
          <Trans>Redeemed just now</Trans>
        </span>
        <p>{i18n._(storeMessages.voucherRedeemed.id)}</p>
      </div>
    )
  return (
    <div className={styles.status} data-tone={voucherStatusTone[status]}>
      <VoucherStatusBadge status={status} />
      <p>{i18n._(voucherStatusMessage[status].id)}</p>
    </div>
  )
}
