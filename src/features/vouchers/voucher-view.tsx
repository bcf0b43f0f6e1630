import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { Store } from '../../contract/stores.ts'
import { useSession } from '../../api/use-session.ts'
import { buttonClass } from '../../ui/button.tsx'
import { VoucherDetails } from './voucher-details.tsx'
import { VoucherLogTable } from './voucher-log-table.tsx'
import { RedeemVoucher, type RedeemVoucherProps } from './redeem-voucher.tsx'
import { canRedeem } from './voucher-status.ts'
import styles from './vouchers.module.css'

/**
 * /vouchers/{id}: the voucher, redemption while it is valid (`props` go to it), and its log. The
 * voucher is looked up for a store, whose country a referral voucher's value follows: a manager's
 * own, or the one anyone else chooses to redeem it at (kept from one voucher to the next).
 */
export function VoucherView(props: RedeemVoucherProps) {
  const voucher = props.voucher
  const [store, setStore] = useState<Store | null>(null)
  // The voucher redeemed on this page, by id: the page stays mounted from one voucher to the next.
  const [redeemedId, setRedeemedId] = useState<number | null>(null)
  const ownStore = useSession()?.user.expertStore
  const choosesStore = props.renderStorePicker !== undefined
  // A session kept by an older version has no country yet: the value in each country until
  // `GET /me` brings it.
  const country = (choosesStore ? store?.country : ownStore?.country) ?? null
  return (
    <>
      <VoucherDetails
        voucher={voucher}
        country={country}
        redeemedJustNow={redeemedId === voucher.id}
      />
      {canRedeem(voucher) && (
        <RedeemVoucher
          key={voucher.id}
          {...props}
          onRedeemed={() => {
            setRedeemedId(voucher.id)
            props.onRedeemed?.()
          }}
          store={store}
          onStoreChange={setStore}
        />
      )}
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
