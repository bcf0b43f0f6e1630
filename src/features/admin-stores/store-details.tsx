import { Trans } from '@lingui/react/macro'
import type { Store } from '../../contract/stores.ts'
import { useCountryName } from './country-name.ts'
import styles from '../../ui/admin/admin.module.css'

/** The store's address and country. */
export function StoreDetails({ store }: { store: Store }) {
  const countryName = useCountryName()
  return (
    <section className={styles.card} aria-labelledby="store-details-heading">
      <h2 id="store-details-heading">
        <Trans>Details</Trans>
      </h2>
      <dl className={styles.details}>
        <div>
          <dt>
            <Trans>Address</Trans>
          </dt>
          <dd>{store.address}</dd>
        </div>
        <div>
          <dt>
            <Trans>City</Trans>
          </dt>
          <dd>{store.city}</dd>
        </div>
        <div>
          <dt>
            <Trans>Country</Trans>
          </dt>
          <dd>{countryName(store.country)}</dd>
        </div>
      </dl>
    </section>
  )
}
