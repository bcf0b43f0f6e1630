import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Country } from '../../contract/countries.ts'
import type { Voucher } from '../../contract/vouchers.ts'
import { useCountryName } from '../../ui/country-name.ts'
import { useFormat } from '../../ui/use-format.ts'
import { voucherTypeLabels } from '../../contract/record-labels.ts'
import { shownValue, type ShownValue } from './voucher-status.ts'
import { VoucherStatusPanel } from './voucher-status-badge.tsx'
import { Detail, RecordSection } from '../../ui/record-table.tsx'
import styles from './vouchers.module.css'

/**
 * A voucher's code, type, value and godfather (docs/behaviour.md#records); with its status and
 * dates. `country` is that of the store it is looked up for (null: none chosen yet), which a
 * referral voucher's value follows; `redeemedJustNow` when it was redeemed on this page.
 */
export function VoucherDetails({
  voucher,
  country,
  redeemedJustNow,
}: {
  voucher: Voucher
  country: Country | null
  redeemedJustNow: boolean
}) {
  const { i18n } = useLingui()
  const format = useFormat()
  const countryName = useCountryName()
  const godfather = voucher.godfather
  const valueText = (shown: ShownValue) => {
    switch (shown.kind) {
      case 'amount':
        return format.money(shown.money)
      case 'perCountry':
        // One line per country: run on, "Crna Gora" broke across lines in a narrow column.
        return shown.values.map(({ country: each, money }) => (
          <div key={each}>{`${countryName(each)}: ${format.money(money)}`}</div>
        ))
      case 'none':
        return '—'
    }
  }

  return (
    <RecordSection id="voucher-details-heading" title={<Trans>Details</Trans>}>
      <VoucherStatusPanel status={voucher.status} redeemedJustNow={redeemedJustNow} />
      <dl className={styles.details}>
        <Detail label={<Trans>Code</Trans>} className={styles.code}>
          {voucher.code}
        </Detail>
        <Detail label={<Trans>Type</Trans>}>{i18n._(voucherTypeLabels[voucher.type])}</Detail>
        <Detail label={<Trans>Value</Trans>}>{valueText(shownValue(voucher, country))}</Detail>
        <Detail label={<Trans>Godfather (referred by)</Trans>}>
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
        </Detail>
        <Detail label={<Trans>Expires on</Trans>}>{format.date(voucher.expiresAt)}</Detail>
        {voucher.usedAt && (
          <Detail label={<Trans>Used on</Trans>}>{format.dateTime(voucher.usedAt)}</Detail>
        )}
      </dl>
    </RecordSection>
  )
}
