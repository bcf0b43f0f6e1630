import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { buttonClass } from '../../../ui/button.tsx'
import { listSearchSchema } from '../../../routing/route-params.ts'
import { UserSearch } from '../../../features/users/user-search.tsx'

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
        <Link to="/users/new" className={buttonClass('primary')}>
          <Trans>New user</Trans>
        </Link>
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
