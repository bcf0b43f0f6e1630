import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { Store } from '../../contract/stores.ts'
import { DangerButton } from '../../ui/admin/danger-button.tsx'
import { useDeleteStore } from './store-admin-queries.ts'

/** Delete with a confirmation; the server archives a store with history (its toast says so). */
export function DeleteStore({ store }: { store: Store }) {
  const navigate = useNavigate()
  const remove = useDeleteStore()
  const name = store.name
  return (
    <DangerButton
      label={<Trans>Delete store</Trans>}
      pending={remove.isPending}
      title={<Trans>Delete the store?</Trans>}
      description={
        <Trans>
          {name} will no longer be offered. A store with history is archived instead, so that
          nothing is lost.
        </Trans>
      }
      confirmLabel={<Trans>Yes, delete</Trans>}
      onConfirm={(done) =>
        remove.mutate(store.id, {
          onSuccess: () => {
            done()
            void navigate({ to: '/stores' })
          },
        })
      }
    />
  )
}
