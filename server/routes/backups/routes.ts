import { backupLatest } from '#contract/endpoints/backups.ts'
import { latestBackup } from '../../backup/write.ts'
import type { AppDeps } from '../../deps.ts'
import { ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'

/** The newest backup this process finds in its `BACKUP_DIR` (the admin dashboard shows it). */
export function backupRoutes(routes: ApiRoutes, { config }: AppDeps) {
  routes.signedIn(backupLatest, async (c) => ok(c, await latestBackup(config.backups.dir)))
}
