import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { ManagedUser } from '../../contract/users.ts'
import { TextField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { RecordTable, type Column } from '../../ui/record-table.tsx'
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
export function UserSearch({
  query,
  onSearch,
}: {
  query: string
  onSearch: (query: string) => void
}) {
  const { t } = useLingui()
  const [text, setText] = useState(query)
  return (
    <>
      <section className={styles.card} aria-labelledby="user-search-heading">
        <h2 id="user-search-heading">
          <Trans>Find a user</Trans>
        </h2>
        <form
          role="search"
          aria-labelledby="user-search-heading"
          className={styles.searchForm}
          onSubmit={(event) => {
            event.preventDefault()
            onSearch(text.trim())
          }}
        >
          <TextField
            label={t`Name or email`}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" className={styles.searchButton}>
            <Trans>Search</Trans>
          </Button>
        </form>
      </section>
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
  const rows = search.data?.pages.flatMap((page) => page.rows) ?? []
  const count = search.data?.pages[0]?.count ?? 0

  if (search.isPending)
    return (
      <p className={styles.loading} role="status">
        <Spinner /> <Trans>Loading…</Trans>
      </p>
    )
  if (search.isError)
    return (
      <div role="alert" className={styles.alert}>
        <p>{search.error.message}</p>
        <Button variant="secondary" onClick={() => void search.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )

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
    <section className={styles.card} aria-labelledby="user-results-heading">
      <h2 id="user-results-heading">
        <Trans>Users</Trans>
      </h2>
      <p role="status" className={styles.muted}>
        {t({ message: plural(count, { one: '# user found', other: '# users found' }) })}
      </p>
      <RecordTable
        labelledBy="user-results-heading"
        rows={rows}
        columns={columns}
        rowKey={(user) => user.id}
        empty={<Trans>No user matches this search.</Trans>}
      />
      {search.hasNextPage && (
        <Button
          variant="secondary"
          loading={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
        >
          <Trans>Load more</Trans>
        </Button>
      )}
    </section>
  )
}
