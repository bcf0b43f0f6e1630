import { createFileRoute, Link, lazyRouteComponent } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { useSession } from '../../api/use-session.ts'
import { requireAccess } from '../../features/auth/guards.ts'
import { LazyReadyPanel } from '../../features/outbox/lazy-ready-panel.tsx'
import { StorePickerForm } from '../../features/stores/store-picker-form.tsx'
import { safeRedirect } from '../../routing/safe-redirect.ts'
import { buttonClass } from '../../ui/button.tsx'
import { Page } from '../../ui/page.tsx'

export const Route = createFileRoute('/_app/store-picker')({
  validateSearch: v.object({
    redirect: v.optional(v.string()),
    // In the address, so that a reload after the check-in shows the readiness again, not the form.
    checkedIn: v.optional(v.boolean()),
  }),
  beforeLoad: ({ location }) => {
    requireAccess('storePicker', location)
  },
  errorComponent: lazyRouteComponent(() => import('../../app/access-error.tsx'), 'AccessError'),
  component: StorePickerPage,
})

/**
 * Choose the store, then see whether the tablet is ready for a day offline before going on to
 * where the manager was going (docs/behaviour.md#offline).
 */
function StorePickerPage() {
  const { t } = useLingui()
  const { redirect, checkedIn } = Route.useSearch()
  const navigate = Route.useNavigate()
  const session = useSession()
  const store = session?.user.expertStore ?? null
  if (checkedIn && store) {
    const storeName = store.name
    return (
      <Page
        key="checked-in"
        title={t`You are checked in at ${storeName}`}
        focusTitle
        actions={
          <Link to={safeRedirect(redirect)} className={buttonClass('primary')}>
            <Trans>Continue</Trans>
          </Link>
        }
      >
        <LazyReadyPanel />
      </Page>
    )
  }
  return (
    <Page key="choose" title={t`Choose your store`}>
      <StorePickerForm
        current={store}
        onCheckedIn={() => void navigate({ search: { redirect, checkedIn: true }, replace: true })}
      />
    </Page>
  )
}
