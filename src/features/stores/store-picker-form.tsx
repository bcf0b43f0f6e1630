import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Store } from '../../contract/stores.ts'
import type { ExpertStore } from '../../contract/auth.ts'
import { messages } from '../../contract/messages.ts'
import { Button } from '../../ui/button.tsx'
import { StoreCombobox } from '../../ui/store-combobox.tsx'
import { useCheckIn } from './check-in.ts'
import styles from './store-picker.module.css'

/**
 * Choose the store you work in today (docs/behaviour.md#screens-and-routes); what follows the
 * check-in is the route's (`onCheckedIn`).
 */
export function StorePickerForm({
  current,
  onCheckedIn,
}: {
  current: ExpertStore | null
  onCheckedIn: () => void
}) {
  const { t, i18n } = useLingui()
  const [store, setStore] = useState<Store | null>(null)
  const [submitted, setSubmitted] = useState(false)
  const checkIn = useCheckIn()
  const storeName = current?.name
  const error = submitted && !store ? i18n._(messages.required.id) : undefined

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setSubmitted(true)
        if (!store) return
        checkIn.mutate(
          { storeId: store.id, hasStore: current !== null },
          { onSuccess: onCheckedIn },
        )
      }}
    >
      <p className={styles.preview} aria-live="polite">
        {storeName ? (
          <Trans>Your store: {storeName}</Trans>
        ) : (
          <Trans>You are not assigned to a store yet.</Trans>
        )}
      </p>
      <StoreCombobox label={t`Store`} value={store} onChange={setStore} error={error} />
      <Button type="submit" loading={checkIn.isPending}>
        <Trans>Choose</Trans>
      </Button>
    </form>
  )
}
