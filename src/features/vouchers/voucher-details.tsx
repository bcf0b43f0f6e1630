import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Voucher } from '../../contract/vouchers.ts'
import { useFormat } from '../../ui/use-format.ts'
import { voucherTypeLabels } from '../../contract/record-labels.ts'
import { voucherValue } from './voucher-status.ts'
import { VoucherStatusPanel } from './voucher-status-badge.tsx'
import styles from './vouchers.module.css'

/**
 * A voucher's code, type, value and godfather (docs/behaviour.md#records); with its status and
 * dates.
 */
export function VoucherDetails({ voucher }: { voucher: Voucher }) {
  const { i18n } = useLingui()
  const format = useFormat()
  const value = voucherValue(voucher, format.locale)
  const godfather = voucher.godfather

  return (
    <section className={styles.card} aria-labelledby="voucher-details-heading">
      <h2 id="voucher-details-heading">
        <Trans>Details</Trans>
      </h2>
      <VoucherStatusPanel status={voucher.status} />
      <dl className={styles.details}>
        <div>
          <dt>
            <Trans>Code</Trans>
          </dt>
          <dd className={styles.code}>{voucher.code}</dd>
        </div>
        <div>
          <dt>
            <Trans>Type</Trans>
          </dt>
          <dd>{i18n._(voucherTypeLabels[voucher.type])}</dd>
        </div>
        <div>
          <dt>
            <Trans>Value</Trans>
          </dt>
          <dd>{value ? format.money(value) : '—'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Godfather (referred by)</Trans>
          </dt>
          <dd>
            {godfather ? (
              <Link to="/customers/$id/overview" params={{ id: godfather.id }}>
                {godfather.fullname}
              </Link>
            ) : (
              <span className={styles.muted}>
                <Trans>None</Trans>
              </span>
            )}
            {godfather?.email && <div className={styles.optionMeta}>{godfather.email}</div>}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Expires on</Trans>
          </dt>
          <dd>{format.date(voucher.expiresAt)}</dd>
        </div>
        {voucher.usedAt && (
          <div>
            <dt>
              <Trans>Used on</Trans>
            </dt>
            <dd>{format.dateTime(voucher.usedAt)}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}
