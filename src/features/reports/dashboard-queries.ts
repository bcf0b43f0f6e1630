import { queryOptions } from '@tanstack/react-query'
import { getJson } from '../../api/client.ts'
import { dashboardSchema } from '../../contract/administration.ts'

/** `GET /report/dashboard?startAt=&endAt=` */
export function dashboardQueryOptions(startAt: string, endAt: string) {
  return queryOptions({
    queryKey: ['dashboard', startAt, endAt] as const,
    queryFn: async () =>
      (await getJson('report/dashboard', dashboardSchema, { startAt, endAt })).data,
  })
}
