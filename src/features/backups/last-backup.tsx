import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { useFormat } from '../../ui/use-format.ts'
import adminStyles from '../../ui/admin/admin.module.css'
import { latestBackupQueryOptions } from './backup-queries.ts'

/** The dashboard's "last backup": when the newest backup was made, and its size (docs/backups.md). */
export function LastBackup() {
  const format = useFormat()
  const latest = useQuery(latestBackupQueryOptions())
  return (
    <section className={adminStyles.card} aria-labelledby="last-backup-heading">
      <h2 id="last-backup-heading">
        <Trans>Last backup</Trans>
      </h2>
      {latest.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : latest.isError ? (
        <p role="alert">{latest.error.message}</p>
      ) : latest.data ? (
        <p>
          <Trans>
            Made {format.dateTime(latest.data.createdAt)};{' '}
            {format.number(Math.max(1, Math.round(latest.data.bytes / 1_000_000)))} MB.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>No backup yet: run npm run backup, or set BACKUP_EVERY_HOURS.</Trans>
        </p>
      )}
    </section>
  )
}
