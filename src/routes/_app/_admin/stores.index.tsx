import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { buttonClass } from '../../../ui/button.tsx'
import { listSearchSchema } from '../../../routing/route-params.ts'
import { StoreList } from '../../../features/store-admin/store-list.tsx'

export const Route = createFileRoute('/_app/_admin/stores/')({
  validateSearch: listSearchSchema,
  component: StoresPage,
})

function StoresPage() {
  const { t } = useLingui()
  const query = Route.useSearch().query ?? ''
  const navigate = Route.useNavigate()
  return (
    <Page
      title={t`Stores`}
      actions={
        <Link to="/stores/new" className={buttonClass('primary')}>
          <Trans>New store</Trans>
        </Link>
      }
    >
      <StoreList
        key={query}
        query={query}
        onSearch={(next) => void navigate({ search: next ? { query: next } : {} })}
      />
    </Page>
  )
}
