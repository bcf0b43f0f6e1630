import * as v from 'valibot'

/**
 * `GET /backup/latest`: the newest backup in the server's `BACKUP_DIR` (docs/backups.md), null
 * when there is none: its name, when it was made, and its data file's size in bytes.
 */
export const latestBackupSchema = v.nullable(
  v.object({ name: v.string(), createdAt: v.string(), bytes: v.number() }),
)
export type LatestBackup = v.InferOutput<typeof latestBackupSchema>
