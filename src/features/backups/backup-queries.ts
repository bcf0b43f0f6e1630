import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { backupLatest } from '../../contract/endpoints/backups.ts'

export const backupKeys = {
  all: ['backups'] as const,
  latest: () => [...backupKeys.all, 'latest'] as const,
}

/** `GET /backup/latest`: the dashboard's "last backup". */
export function latestBackupQueryOptions() {
  return queryOptions({
    queryKey: backupKeys.latest(),
    queryFn: async () => (await call(backupLatest, {})).data,
  })
}
