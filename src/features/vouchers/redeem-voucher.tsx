import { useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CustomerSummary } from '../../contract/customers.ts'
import { messages } from '../../contract/messages.ts'
import type { Store } from '../../contract/stores.ts'
import type { Voucher } from '../../contract/vouchers.ts'
import { ApiError } from '../../api/api-error.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { useRedeemVoucher } from './voucher-queries.ts'
import styles from './vouchers.module.css'
import { storeMessages } from '../../contract/store-messages.ts'

export interface CustomerPickerProps {
  label: string
  value: CustomerSummary | null
  onChange: (customer: CustomerSummary | null) => void
  error: string | undefined
}

export interface StorePickerProps {
  value: Store | null
  onChange: (store: Store | null) => void
  error: string | undefined
}

/** What redeeming a voucher needs; the voucher's page (`VoucherView`) passes it on as it is. */
export interface RedeemVoucherProps {
  voucher: Voucher
  renderCustomerPicker: (props: CustomerPickerProps) => ReactNode
  /** For anyone but a manager (whose store is their own): where the voucher is redeemed. */
  renderStorePicker?: ((props: StorePickerProps) => ReactNode) | undefined
  onRedeemed?: () => void
}

/**
 * Redeem a valid voucher (docs/behaviour.md#screens-and-routes). Choose the customer, confirm in a
 * dialog, then `POST /voucher/submit`. The picker comes from the caller (the customers feature owns
 * it). The store chosen is the voucher page's (`store`), whose country the value shown follows.
 */
export function RedeemVoucher({
  voucher,
  renderCustomerPicker,
  renderStorePicker,
  onRedeemed,
  store,
  onStoreChange,
}: RedeemVoucherProps & { store: Store | null; onStoreChange: (store: Store | null) => void }) {
  const { t, i18n } = useLingui()
  const [customer, setCustomer] = useState<CustomerSummary | null>(null)
  const [tried, setTried] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [serverError, setServerError] = useState<string | undefined>()
  const redeem = useRedeemVoucher(onRedeemed)
  const notChosen = tried && !customer ? i18n._(storeMessages.noCustomerChosen.id) : undefined
  const choosesStore = renderStorePicker !== undefined
  const noStore = tried && choosesStore && !store ? i18n._(messages.required.id) : undefined
  const ready = customer !== null && (!choosesStore || store !== null)
  const code = voucher.code
  const name = customer?.fullname ?? ''

  function confirm() {
    if (!customer || (choosesStore && !store)) {
      setConfirming(false)
      setTried(true)
      return
    }
    redeem.mutate(
      { code, customerId: customer.id, ...(store ? { storeId: store.id } : {}) },
      {
        onSuccess: () => setConfirming(false),
        onError: (error) => {
          setConfirming(false)
          if (error instanceof ApiError)
            setServerError(
              error.invalidFields.find((field) => field.field === 'customerId')?.message,
            )
        },
      },
    )
  }

  return (
    <section className={styles.card} aria-labelledby="redeem-heading">
      <h2 id="redeem-heading">
        <Trans>Redeem for a consumer</Trans>
      </h2>
      <form
        className={styles.redeemRow}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setTried(true)
          if (ready) setConfirming(true)
        }}
      >
        {renderStorePicker?.({ value: store, onChange: onStoreChange, error: noStore })}
        {renderCustomerPicker({
          label: t`Consumer`,
          value: customer,
          onChange: (chosen) => {
            setCustomer(chosen)
            setServerError(undefined)
          },
          error: notChosen ?? serverError,
        })}
        <Button type="submit" className={styles.searchButton}>
          <Trans>Redeem</Trans>
        </Button>
      </form>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        pending={redeem.isPending}
        title={<Trans>Redeem the voucher?</Trans>}
        description={
          <Trans>
            Redeem voucher {code} for {name}?
          </Trans>
        }
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Yes, redeem</Trans>}
        onConfirm={confirm}
      />
    </section>
  )
}
