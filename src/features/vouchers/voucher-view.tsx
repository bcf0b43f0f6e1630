import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from '../../ui/button.tsx'
import { VoucherDetails } from './voucher-details.tsx'
import { VoucherLogTable } from './voucher-log-table.tsx'
import { RedeemVoucher, type RedeemVoucherProps } from './redeem-voucher.tsx'
import { canRedeem } from './voucher-status.ts'
import styles from './vouchers.module.css'

/** /vouchers/{id}: the voucher, redemption while it is valid (`props` go to it), and its log. */
export function VoucherView(props: RedeemVoucherProps) {
  const voucher = props.voucher
  return (
    <>
      <VoucherDetails voucher={voucher} />
      {canRedeem(voucher) && <RedeemVoucher key={voucher.id} {...props} />}
      {voucher.status === 'used' && (
        <div className={styles.links}>
          <Link
            to="/used-code/$id"
            params={{ id: voucher.id }}
            className={buttonClass('secondary')}
          >
            <Trans>Open the used voucher's log</Trans>
          </Link>
        </div>
      )}
      <section className={styles.card} aria-labelledby="voucher-log-heading">
        <h2 id="voucher-log-heading">
          <Trans>Log</Trans>
        </h2>
        <VoucherLogTable rows={voucher.log} headingId="voucher-log-heading" />
      </section>
    </>
  )
}
