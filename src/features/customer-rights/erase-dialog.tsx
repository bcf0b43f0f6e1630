import { useId, useRef, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { erasureReasons, type Erasure, type ErasureReason } from '../../contract/customer-rights.ts'
import { messages } from '../../contract/messages.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { cx } from '../../ui/cx.ts'
import { erasureReasonLabels } from './erasure-reasons.ts'
import { useErase, type ErasureTarget } from './rights-api.ts'
import styles from '../../ui/admin/admin.module.css'
import rights from './rights.module.css'

/**
 * "Erase personal data…" and its question (docs/behaviour.md#customers-rights): the reason, chosen
 * from the contract's codes, and a plain word that it cannot be undone and that counts stay. The
 * Erase button is busy until the erasure and `onErased` (the screen reading its data again) are
 * done; the erasure's one `Idempotency-Key` makes a second press erase nothing more. `focusAfter`
 * says where the focus goes once the question has closed after an erasure (its trigger is gone).
 */
export function EraseDialog({
  target,
  label,
  title,
  description,
  onErased,
  focusAfter,
}: {
  target: ErasureTarget
  label: ReactNode
  title: ReactNode
  description: ReactNode
  onErased: (erasure: Erasure) => Promise<void> | void
  focusAfter: () => void
}) {
  const { i18n } = useLingui()
  const errorId = useId()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<ErasureReason | null>(null)
  const [tried, setTried] = useState(false)
  const erased = useRef(false)
  const erase = useErase(onErased)
  const error = tried && reason === null ? i18n._(messages.required.id) : undefined

  function confirm() {
    setTried(true)
    if (reason === null) return
    erase.mutate(
      { ...target, reason },
      {
        onSuccess: () => {
          erased.current = true
          setOpen(false)
        },
      },
    )
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) {
          setReason(null)
          setTried(false)
        }
      }}
      danger
      pending={erase.isPending}
      trigger={<Button variant="danger">{label}</Button>}
      title={title}
      description={description}
      details={
        <>
          <fieldset
            className={cx(styles.fieldset, rights.reasonField)}
            aria-describedby={error ? errorId : undefined}
          >
            <legend className={styles.legend}>
              <Trans>Reason</Trans>
            </legend>
            <div className={rights.reasons}>
              {erasureReasons.map((code) => (
                <label key={code} className={styles.choice}>
                  <input
                    type="radio"
                    name="erasure-reason"
                    value={code}
                    checked={reason === code}
                    disabled={erase.isPending}
                    onChange={() => setReason(code)}
                  />
                  {i18n._(erasureReasonLabels[code])}
                </label>
              ))}
            </div>
            {error && (
              <p id={errorId} className={styles.error}>
                {error}
              </p>
            )}
          </fieldset>
          <p className={rights.warning}>
            <Trans>
              This cannot be undone. Counts and statistics stay: the trials, orders, points and
              vouchers are kept without the personal data.
            </Trans>
          </p>
        </>
      }
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>Erase</Trans>}
      onConfirm={confirm}
      onCloseAutoFocus={(event) => {
        if (!erased.current) return
        erased.current = false
        event.preventDefault()
        focusAfter()
      }}
    />
  )
}
