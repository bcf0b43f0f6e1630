import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { Page } from '../../../ui/page.tsx'
import { buttonClass } from '../../../ui/button.tsx'
import { UserSearch } from '../../../features/users/user-search.tsx'

/** `?query=` only when there is one; paging is "Load more", not in the URL. */
const listSearchSchema = v.object({
  query: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))), undefined),
})

export const Route = createFileRoute('/_app/_admin/users/')({
  validateSearch: listSearchSchema,
  component: UsersPage,
})

function UsersPage() {
  const { t } = useLingui()
  const query = Route.useSearch().query ?? ''
  const navigate = Route.useNavigate()
  return (
    <Page
      title={t`Users`}
      actions={
        <>
          <Link to="/dashboard" className={buttonClass('secondary')}>
            <Trans>Dashboard</Trans>
          </Link>
          <Link to="/reports" className={buttonClass('secondary')}>
            <Trans>Reports</Trans>
          </Link>
          <Link to="/users/new" className={buttonClass('primary')}>
            <Trans>New user</Trans>
          </Link>
        </>
      }
    >
      <UserSearch
        key={query}
        query={query}
        onSearch={(next) => void navigate({ search: next ? { query: next } : {} })}
      />
    </Page>
  )
}
