import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { tileClass } from '../../ui/page.tsx'
import { buttonClass } from '../../ui/button.tsx'
import styles from './home.module.css'

/**
 * The manager's home (docs/behaviour.md#screens-and-routes): two tiles (vouchers, consumers), the
 * free guided trial button and the way to the simple trial.
 */
export function ManagerHome() {
  return (
    <section className={styles.section}>
      <div className={styles.tiles}>
        <Link to="/vouchers" className={tileClass}>
          <span className={styles.tileTitle}>
            <Trans>Vouchers</Trans>
          </span>
          <span className={styles.tileText}>
            <Trans>Check and redeem a voucher code</Trans>
          </span>
        </Link>
        <Link to="/customers" className={tileClass}>
          <span className={styles.tileTitle}>
            <Trans>Consumers</Trans>
          </span>
          <span className={styles.tileText}>
            <Trans>Find a consumer and see their profile</Trans>
          </span>
        </Link>
      </div>
      <Link to="/free-guided-trial" className={`${buttonClass('primary')} ${styles.trialButton}`}>
        <Trans>Start a free guided trial</Trans>
      </Link>
      <Link to="/free-guided-trial/simple" className={styles.simpleTrial}>
        <Trans>Or note a trial in a few words (simple trial)</Trans>
      </Link>
    </section>
  )
}
