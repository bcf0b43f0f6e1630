import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { pagedQueryOptions, rangeParams } from '../../api/paging.ts'
import { auditActions, type AuditAction } from '../../contract/audit.ts'
import { auditSearch, auditVerify } from '../../contract/endpoints/audit.ts'
import type { DateRange } from '../../routing/route-params.ts'

export interface AuditFilter extends DateRange {
  query?: string | undefined
  /** An act of `auditActions`; anything else (a URL edited by hand) does not narrow. */
  action?: string | undefined
}

export function isAuditAction(value: string | undefined): value is AuditAction {
  return auditActions.some((action) => action === value)
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (filter: AuditFilter) =>
    [
      ...auditKeys.all,
      'list',
      filter.query ?? '',
      filter.action ?? null,
      rangeParams(filter),
    ] as const,
  verify: () => [...auditKeys.all, 'verify'] as const,
}

/** `GET /audit/search?query=&action=&startAt=&endAt=&page=`: newest first. */
export function auditSearchQueryOptions(filter: AuditFilter) {
  return pagedQueryOptions(
    auditKeys.list(filter),
    async (page) =>
      (
        await call(auditSearch, {
          query: {
            page,
            ...(filter.query ? { query: filter.query } : {}),
            ...(isAuditAction(filter.action) ? { action: filter.action } : {}),
            ...rangeParams(filter),
          },
        })
      ).data,
  )
}

/**
 * `GET /audit/verify`, against a checkpoint when one is given: run when asked (each press is a new
 * `asked`), never kept (a check is only as good as its moment).
 */
export function auditVerifyQueryOptions(asked: { checkpoint: string; press: number } | null) {
  return queryOptions({
    queryKey: [...auditKeys.verify(), asked] as const,
    queryFn: async () => {
      const checkpoint = asked?.checkpoint.trim()
      return (await call(auditVerify, { query: checkpoint ? { checkpoint } : {} })).data
    },
    enabled: asked !== null,
    gcTime: 0,
  })
}
