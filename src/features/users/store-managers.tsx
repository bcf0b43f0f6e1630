import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { ManagedUser } from '../../contract/users.ts'
import { Spinner } from '../../ui/spinner.tsx'
import { RecordTable, type Column } from '../../ui/record-table.tsx'
import { EmailAddress } from '../../ui/email-address.tsx'
import { storeManagersQueryOptions } from './user-queries.ts'
import styles from '../../ui/admin/admin.module.css'

/** The managers checked in to the store (`POST /user/managers { storeId }`). */
export function StoreManagers({ storeId }: { storeId: number }) {
  const managers = useQuery(storeManagersQueryOptions(storeId))
  const columns: Column<ManagedUser>[] = [
    {
      header: <Trans>Name</Trans>,
      rowHeader: true,
      cell: (user) => (
        <Link to="/experts/$id" params={{ id: user.id }}>
          {user.fullname}
        </Link>
      ),
    },
    {
      header: <Trans>Email</Trans>,
      cell: (user) => <EmailAddress email={user.email} />,
    },
    { header: <Trans>Phone</Trans>, cell: (user) => user.phone ?? '—' },
  ]
  return (
    <section className={styles.card} aria-labelledby="store-managers-heading">
      <h2 id="store-managers-heading">
        <Trans>Managers</Trans>
      </h2>
      {managers.isPending ? (
        <p className={styles.loading} role="status">
          <Spinner /> <Trans>Loading…</Trans>
        </p>
      ) : managers.isError ? (
        <p role="alert" className={styles.alert}>
          {managers.error.message}
        </p>
      ) : (
        <RecordTable
          labelledBy="store-managers-heading"
          rows={managers.data.rows}
          columns={columns}
          rowKey={(user) => user.id}
          empty={<Trans>No manager works at this store now.</Trans>}
        />
      )}
    </section>
  )
}
