import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Customer } from '../../contract/customers.ts'
import { Page } from '../../ui/page.tsx'
import { useFormat } from '../../ui/use-format.ts'
import styles from '../../ui/records.module.css'

/** The note that the customer's personal data was erased, which an erasure moves the focus to. */
export const erasedNoticeId = 'customer-erased'

/**
 * /customers/{id}: the customer's name (an erased one's number), whether their personal data was
 * erased, the tabs (links that look like tabs, so that each tab has
 * its own address) and the open tab. Tabs replace the history entry: Back leaves the customer.
 */
export function CustomerLayout({
  customer,
  children,
}: {
  customer: Customer
  children: ReactNode
}) {
  const { t } = useLingui()
  const format = useFormat()
  const params = { id: customer.id }
  const points = format.number(customer.points)
  const code = customer.referralCode
  const id = customer.id
  const erasedOn = customer.erasedAt === null ? null : format.date(customer.erasedAt)
  return (
    <Page title={customer.fullname || t`Consumer no. ${id}`}>
      {erasedOn !== null && (
        <p id={erasedNoticeId} tabIndex={-1} className={styles.notice}>
          <Trans>Personal data erased on {erasedOn}</Trans>
        </p>
      )}
      <p className={styles.summary}>
        <span>
          <Trans>{points} points</Trans>
        </span>
        <span>
          <Trans>
            Referral code <span className={styles.code}>{code}</span>
          </Trans>
        </span>
      </p>
      <nav aria-label={t`Consumer profile`} className={styles.tabs}>
        <Link to="/customers/$id/overview" params={params} replace className={styles.tab}>
          <Trans>Overview</Trans>
        </Link>
        <Link to="/customers/$id/loyalty" params={params} replace className={styles.tab}>
          <Trans>Loyalty</Trans>
        </Link>
        <Link to="/customers/$id/mgm" params={params} replace className={styles.tab}>
          <Trans>Referrals (MGM)</Trans>
        </Link>
        <Link to="/customers/$id/survey" params={params} replace className={styles.tab}>
          <Trans>Trials</Trans>
        </Link>
      </nav>
      <div className={styles.panel}>{children}</div>
    </Page>
  )
}
