import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { Page } from '../../../ui/page.tsx'
import { buttonClass } from '../../../ui/button.tsx'
import { StoreList } from '../../../features/admin-stores/store-list.tsx'

/** `?query=` only when there is one; paging is "Load more", not in the URL. */
const listSearchSchema = v.object({
  query: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))), undefined),
})

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
        <>
          <Link to="/dashboard" className={buttonClass('secondary')}>
            <Trans>Dashboard</Trans>
          </Link>
          <Link to="/reports" className={buttonClass('secondary')}>
            <Trans>Reports</Trans>
          </Link>
          <Link to="/stores/new" className={buttonClass('primary')}>
            <Trans>New store</Trans>
          </Link>
        </>
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
