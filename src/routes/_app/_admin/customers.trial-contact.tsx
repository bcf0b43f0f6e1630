import { createFileRoute } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { TrialContact } from '../../../features/customer-rights/trial-contact.tsx'
import { customerKeys } from '../../../features/customers/customer-queries.ts'
import { trialKeys } from '../../../features/trials/trial-queries.ts'

/**
 * A person known only from trials: their trials by the contact they gave, exported or erased
 * (docs/behaviour.md#customers-rights). Reached from the customer search.
 */
export const Route = createFileRoute('/_app/_admin/customers/trial-contact')({
  staticData: { layout: { backButton: 'history' } },
  component: TrialContactPage,
})

function TrialContactPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  return (
    <Page title={t`A person known only from trials`}>
      <TrialContact
        // The trials read before, and the customers' trials tabs, held the contact now removed.
        onErased={async () => {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: trialKeys.all }),
            queryClient.invalidateQueries({ queryKey: customerKeys.all }),
          ])
        }}
      />
    </Page>
  )
}
