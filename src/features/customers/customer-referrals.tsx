import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Customer } from '../../contract/customers.ts'
import { useFormat } from '../../ui/use-format.ts'
import { voucherStatusLabels } from '../../contract/record-labels.ts'
import { newestFirst } from './customer-lists.ts'
import { RecordSection, RecordTable } from '../../ui/record-table.tsx'
import styles from '../../ui/records.module.css'
import { EmailAddress } from '../../ui/email-address.tsx'

/** The referral (MGM) tab: the code, the customers it brought, their vouchers and states. */
export function CustomerReferrals({ customer }: { customer: Customer }) {
  const { i18n } = useLingui()
  const format = useFormat()
  return (
    <>
      <RecordSection id="referral-code-heading" title={<Trans>Referral code</Trans>}>
        <p className={`${styles.code} ${styles.bigCode}`}>{customer.referralCode}</p>
      </RecordSection>
      <RecordSection id="referred-heading" title={<Trans>Referred consumers</Trans>}>
        <RecordTable
          labelledBy="referred-heading"
          rows={newestFirst(customer.referrals, (referral) => referral.registeredAt)}
          rowKey={(referral) => referral.id}
          empty={<Trans>Nobody has registered with this referral code yet.</Trans>}
          columns={[
            {
              header: <Trans>Name</Trans>,
              cell: (referral) => (
                <Link to="/customers/$id/overview" params={{ id: referral.id }}>
                  {referral.fullname}
                </Link>
              ),
              rowHeader: true,
            },
            {
              header: <Trans>Email</Trans>,
              cell: (referral) => (referral.email ? <EmailAddress email={referral.email} /> : '—'),
            },
            {
              header: <Trans>Registered on</Trans>,
              cell: (referral) => format.date(referral.registeredAt),
            },
            {
              header: <Trans>Voucher</Trans>,
              cell: (referral) =>
                referral.voucher ? (
                  <Link
                    to="/vouchers/$id"
                    params={{ id: referral.voucher.id }}
                    className={styles.code}
                  >
                    {referral.voucher.code}
                  </Link>
                ) : (
                  <span className={styles.muted}>
                    <Trans>No voucher</Trans>
                  </span>
                ),
            },
            {
              header: <Trans>Voucher state</Trans>,
              cell: (referral) =>
                referral.voucher ? (
                  <span className={styles.badge} data-tone={referral.voucher.status}>
                    {i18n._(voucherStatusLabels[referral.voucher.status])}
                  </span>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </RecordSection>
    </>
  )
}
