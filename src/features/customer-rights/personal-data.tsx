import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/button.tsx'
import { RecordSection } from '../../ui/record-table.tsx'
import { EraseDialog } from './erase-dialog.tsx'
import { useCustomerExport } from './rights-api.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * A customer's personal data, for administration only (docs/behaviour.md#customers-rights): the
 * two exports of everything held about them, and its erasure while it is held. `onErased` reads
 * the customer again (the screen then says when it was erased); `focusAfter` is where the focus
 * goes once the question has closed.
 */
export function PersonalData({
  customer,
  onErased,
  focusAfter,
}: {
  customer: { id: number; fullname: string; erasedAt: string | null }
  onErased: () => Promise<void>
  focusAfter: () => void
}) {
  const { t } = useLingui()
  const json = useCustomerExport('json')
  const page = useCustomerExport('html')
  const saved = json.data?.filename ?? page.data?.filename
  const name = customer.fullname
  return (
    <RecordSection id="personal-data-heading" title={<Trans>Personal data</Trans>}>
      <p className={styles.hint}>
        <Trans>
          Everything held about this consumer, to give them when they ask: as data (JSON) or as a
          page to read. Each export is recorded in the audit log.
        </Trans>
      </p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          loading={json.isPending}
          onClick={() => {
            page.reset()
            json.mutate(customer.id)
          }}
        >
          <Trans>Export (JSON)</Trans>
        </Button>
        <Button
          variant="secondary"
          loading={page.isPending}
          onClick={() => {
            json.reset()
            page.mutate(customer.id)
          }}
        >
          <Trans>Export (page)</Trans>
        </Button>
        {customer.erasedAt === null && (
          <EraseDialog
            target={{ id: customer.id }}
            label={t`Erase personal data…`}
            title={<Trans>Erase this consumer&apos;s personal data?</Trans>}
            description={
              <Trans>
                The name, email, phone and free texts of {name} are erased wherever they are held,
                in their trials too.
              </Trans>
            }
            onErased={onErased}
            focusAfter={focusAfter}
          />
        )}
      </div>
      {/* The browser may save a file without a word: the screen says it did. */}
      {saved !== undefined && (
        <p role="status" className={styles.done}>
          <Trans>Downloaded: {saved}</Trans>
        </p>
      )}
    </RecordSection>
  )
}
