import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { ExpertStore } from '../../contract/auth.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { useCheckOut } from './check-in.ts'
import styles from '../../ui/card.module.css'

/** A manager leaves their store for the day (asked first), or changes it. */
export function CheckOutCard({ store }: { store: ExpertStore | null }) {
  const navigate = useNavigate()
  const checkOut = useCheckOut()
  const [asking, setAsking] = useState(false)
  const name = store?.name ?? ''
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
          <Button variant="danger" onClick={() => setAsking(true)}>
            <Trans>Check out</Trans>
          </Button>
        )}
      </div>
      {store && (
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          danger
          pending={checkOut.isPending}
          title={<Trans>Check out of {name}?</Trans>}
          description={
            <Trans>
              Your time at the store ends now. To work again, you choose a store in the store
              picker.
            </Trans>
          }
          cancelLabel={<Trans>Stay checked in</Trans>}
          confirmLabel={<Trans>Check out</Trans>}
          onConfirm={() =>
            checkOut.mutate(store.id, {
              onSuccess: () => void navigate({ to: '/store-picker', search: { redirect: '/' } }),
            })
          }
        />
      )}
    </section>
  )
}
