import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { ExpertStore } from '../../contract/auth.ts'
import { Button } from '../../ui/button.tsx'
import { useCheckOut } from '../stores/check-in.ts'
import styles from './settings.module.css'

/** A manager leaves their store for the day, or changes it. */
export function CheckOutCard({ store }: { store: ExpertStore | null }) {
  const navigate = useNavigate()
  const checkOut = useCheckOut()
  return (
    <section className={styles.card} aria-labelledby="store-heading">
      <h2 id="store-heading">
        <Trans>Your store</Trans>
      </h2>
      <p>{store ? store.name : <Trans>You are not checked in to a store.</Trans>}</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => void navigate({ to: '/store-picker', search: { redirect: '/' } })}
        >
          <Trans>Change store</Trans>
        </Button>
        {store && (
          <Button
            variant="danger"
            loading={checkOut.isPending}
            onClick={() =>
              checkOut.mutate(store.id, {
                onSuccess: () => void navigate({ to: '/store-picker', search: { redirect: '/' } }),
              })
            }
          >
            <Trans>Check out</Trans>
          </Button>
        )}
      </div>
    </section>
  )
}
