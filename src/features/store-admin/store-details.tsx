import { Trans } from '@lingui/react/macro'
import type { Store } from '../../contract/stores.ts'
import { Detail, RecordSection } from '../../ui/record-table.tsx'
import { useCountryName } from '../../ui/country-name.ts'
import styles from '../../ui/admin/admin.module.css'

/** The store's address and country. */
export function StoreDetails({ store }: { store: Store }) {
  const countryName = useCountryName()
  return (
    <RecordSection id="store-details-heading" title={<Trans>Details</Trans>}>
      <dl className={styles.details}>
        <Detail label={<Trans>Address</Trans>}>{store.address}</Detail>
        <Detail label={<Trans>City</Trans>}>{store.city}</Detail>
        <Detail label={<Trans>Country</Trans>}>{countryName(store.country)}</Detail>
      </dl>
    </RecordSection>
  )
}
