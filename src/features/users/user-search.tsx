import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { ManagedUser } from '../../contract/users.ts'
import { PagedResults, SearchForm, type SearchProps } from '../../ui/search-panel.tsx'
import type { Column } from '../../ui/record-table.tsx'
import { useRoleName } from '../../ui/role-name.ts'
import { userSearchQueryOptions } from './user-queries.ts'
import { canManage } from './user-roles.ts'
import { useSession } from '../../api/use-session.ts'
import styles from '../../ui/admin/admin.module.css'
import { EmailAddress } from '../../ui/email-address.tsx'

/**
 * /users searches brand experts, managers and admins by name or email
 * (docs/behaviour.md#screens-and-routes).
 */
export function UserSearch({ query, onSearch }: SearchProps) {
  const { t } = useLingui()
  return (
    <>
      <SearchForm
        id="user-search-heading"
        title={<Trans>Find a user</Trans>}
        label={t`Name or email`}
        query={query}
        onSearch={onSearch}
      />
      <UserResults query={query} />
    </>
  )
}

function UserName({ user }: { user: ManagedUser }) {
  if (user.role === 'agent' || user.role === 'manager')
    return (
      <Link to="/experts/$id" params={{ id: user.id }}>
        {user.fullname}
      </Link>
    )
  return <>{user.fullname}</>
}

function UserResults({ query }: { query: string }) {
  const { t } = useLingui()
  const roleName = useRoleName()
  const own = useSession()?.user.role
  const search = useInfiniteQuery(userSearchQueryOptions(query))
  const columns: Column<ManagedUser>[] = [
    { header: <Trans>Name</Trans>, cell: (user) => <UserName user={user} />, rowHeader: true },
    {
      header: <Trans>Email</Trans>,
      cell: (user) => <EmailAddress email={user.email} />,
    },
    { header: <Trans>Role</Trans>, cell: (user) => roleName(user.role) },
    { header: <Trans>Store</Trans>, cell: (user) => user.expertStore?.name ?? '—' },
    {
      header: <Trans>Status</Trans>,
      cell: (user) =>
        user.active ? (
          <span className={styles.badge} data-tone="valid">
            <Trans>Active</Trans>
          </span>
        ) : (
          <span className={styles.badge}>
            <Trans>Invited</Trans>
          </span>
        ),
    },
    {
      header: <Trans>Actions</Trans>,
      actions: true,
      // Only a super user edits a super user: an admin is not offered a dead end.
      cell: (user) => {
        const name = user.fullname
        return canManage(own, user) ? (
          <Link to="/users/$id/edit" params={{ id: user.id }} aria-label={t`Edit ${name}`}>
            <Trans>Edit</Trans>
          </Link>
        ) : (
          '—'
        )
      },
    },
  ]

  return (
    <PagedResults
      id="user-results-heading"
      title={<Trans>Users</Trans>}
      search={search}
      found={(count) =>
        t({ message: plural(count, { one: '# user found', other: '# users found' }) })
      }
      columns={columns}
      rowKey={(user) => user.id}
      empty={<Trans>No user matches this search.</Trans>}
    />
  )
}
