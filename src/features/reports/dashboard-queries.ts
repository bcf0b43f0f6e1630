import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { dashboard } from '../../contract/endpoints/reports.ts'

/** `GET /report/dashboard?startAt=&endAt=` */
export function dashboardQueryOptions(startAt: string, endAt: string) {
  return queryOptions({
    queryKey: ['dashboard', startAt, endAt] as const,
    queryFn: async () => (await call(dashboard, { query: { startAt, endAt } })).data,
  })
}
