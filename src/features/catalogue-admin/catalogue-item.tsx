import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { PackRow, ProductRow } from '../../contract/catalogue.ts'
import { DangerButton } from '../../ui/admin/danger-button.tsx'
import { RecordSection } from '../../ui/record-table.tsx'
import records from '../../ui/records.module.css'
import type { CatalogueKind } from './catalogue-form.ts'
import { useRetire } from './catalogue-queries.ts'
import { PackFormCard } from './pack-form.tsx'
import { DeviceFormCard, StickFormCard } from './product-form.tsx'

type Item = PackRow | ProductRow

/** The form of a list's item, new (`item` undefined) or stored. */
export function CatalogueItemForm({ kind, item }: { kind: CatalogueKind; item: Item | undefined }) {
  const key = item?.id ?? 'new'
  if (kind === 'packs')
    return <PackFormCard key={key} pack={item && 'brandName' in item ? item : undefined} />
  const product = item && 'name' in item ? item : undefined
  return kind === 'sticks' ? (
    <StickFormCard key={key} stick={product} />
  ) : (
    <DeviceFormCard key={key} device={product} />
  )
}

/**
 * A stored item's state: retired (new trials no longer offer it; it stays readable and can still
 * be corrected), or active, with Retire after a confirmation.
 */
export function RetireItem({ kind, item }: { kind: CatalogueKind; item: Item }) {
  const navigate = useNavigate()
  const retire = useRetire(kind === 'packs' ? 'pack' : 'product')
  const name = 'brandName' in item ? item.brandName : item.name
  if (!item.active)
    return (
      <p className={records.notice}>
        <Trans>Retired: new trials no longer offer it. Trials that hold it keep it.</Trans>
      </p>
    )
  return (
    <RecordSection id="retire-heading" title={<Trans>Retire</Trans>}>
      <p>
        <Trans>
          New trials will no longer offer {name}. Trials that hold it keep it, and it stays in this
          list, marked as retired.
        </Trans>
      </p>
      <div>
        <DangerButton
          label={<Trans>Retire</Trans>}
          pending={retire.isPending}
          title={<Trans>Retire {name}?</Trans>}
          description={
            <Trans>New trials will no longer offer it. This cannot be undone here.</Trans>
          }
          confirmLabel={<Trans>Yes, retire</Trans>}
          onConfirm={(done) =>
            retire.mutate(item.id, {
              onSuccess: () => {
                done()
                void navigate({ to: '/catalogue', search: { list: kind } })
              },
            })
          }
        />
      </div>
    </RecordSection>
  )
}
