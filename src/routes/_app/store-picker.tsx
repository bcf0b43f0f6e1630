import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { useSession } from '../../api/use-session.ts'
import { requireAccess } from '../../features/auth/guards.ts'
import { StorePickerForm } from '../../features/stores/store-picker-form.tsx'
import { Page } from '../../ui/page.tsx'

export const Route = createFileRoute('/_app/store-picker')({
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  beforeLoad: ({ location }) => {
    requireAccess('storePicker', location)
  },
  errorComponent: lazyRouteComponent(() => import('../../app/access-error.tsx'), 'AccessError'),
  component: StorePickerPage,
})

function StorePickerPage() {
  const { t } = useLingui()
  const { redirect } = Route.useSearch()
  const session = useSession()
  return (
    <Page title={t`Choose your store`}>
      <StorePickerForm current={session?.user.expertStore ?? null} redirect={redirect} />
    </Page>
  )
}
