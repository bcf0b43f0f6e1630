import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { buttonClass } from '../../ui/button.tsx'
import { useTrialDelivery } from '../../offline/outbox/index.ts'
import { Page } from '../../ui/page.tsx'
import styles from './trial-success.module.css'

/**
 * The success page (docs/behaviour.md#screens-and-routes): a heading, where the trial is (kept on
 * this device until the server has it, or received), and a way home that replaces this page in
 * the history.
 */
export function TrialSuccess({ trialId }: { trialId: string | undefined }) {
  const { t } = useLingui()
  const delivery = useTrialDelivery(trialId)
  return (
    // The heading takes the focus: the Finish pressed is gone, and a screen reader says the outcome.
    <Page title={t`The trial is saved`} width="narrow" focusTitle>
      <div className={styles.card}>
        <svg viewBox="0 0 48 48" width="64" height="64" aria-hidden="true" className={styles.icon}>
          <circle cx="24" cy="24" r="22" fill="currentColor" />
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p role="status">
          {delivery === 'received' ? (
            <Trans>Thank you. The customer's answers have reached the server.</Trans>
          ) : delivery === 'waiting' ? (
            <Trans>
              Thank you. The customer's answers are kept on this device, and are sent to the server
              as soon as it can be reached.
            </Trans>
          ) : (
            <Trans>Thank you. The customer's answers are kept.</Trans>
          )}
        </p>
        <Link to="/" replace className={buttonClass('primary')}>
          <Trans>Back to home</Trans>
        </Link>
      </div>
    </Page>
  )
}
