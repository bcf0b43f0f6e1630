import { latestBackupSchema } from '../backups.ts'
import { endpoint } from '../endpoint.ts'
import { administration } from '../policy.ts'

export const backupLatest = endpoint({
  method: 'GET',
  path: '/backup/latest',
  summary: "The newest backup in the server's BACKUP_DIR (its time and size), or null.",
  policy: { allow: administration },
  answer: latestBackupSchema,
})
