import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ApiError } from '../../api/api-error.ts'
import { call } from '../../api/client.ts'
import { pagedQueryOptions } from '../../api/paging.ts'
import { useAction } from '../../api/use-action.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import {
  quarantineAccept,
  quarantinedById,
  quarantineReject,
  quarantineSearch,
} from '../../contract/endpoints/quarantine-admin.ts'
import { quarantineMessages } from '../../contract/quarantine-messages.ts'
import type {
  QuarantineAcceptBody,
  QuarantineRejectBody,
} from '../../contract/quarantine-requests.ts'
import { orNotFound } from '../../routing/or-not-found.ts'
import type { QuarantineFilter } from './quarantine-filter.ts'

const quarantineKey = ['quarantine'] as const

export const quarantineKeys = {
  list: (filter: QuarantineFilter) => [...quarantineKey, 'list', filter] as const,
  item: (id: number) => [...quarantineKey, 'item', id] as const,
}

/** `GET /questionnaire/quarantine`: the items handed over, newest first, page by page. */
export function quarantineQueryOptions(filter: QuarantineFilter) {
  return pagedQueryOptions(
    quarantineKeys.list(filter),
    async (page) =>
      (
        await call(quarantineSearch, {
          query: {
            page,
            ...(filter.state === undefined ? {} : { state: filter.state }),
            ...(filter.user === undefined ? {} : { user: String(filter.user) }),
            ...(filter.device === undefined ? {} : { device: filter.device }),
          },
        })
      ).data,
  )
}

/** `GET /questionnaire/quarantine/{id}`: the item, its body as received and opened. */
export function quarantinedQueryOptions(id: number) {
  return queryOptions({
    queryKey: quarantineKeys.item(id),
    queryFn: async () => (await call(quarantinedById, { params: { id } })).data,
  })
}

/** The item for its page: an id nobody holds is the page's "not found". */
export function loadQuarantined(queryClient: QueryClient, id: number) {
  return orNotFound(queryClient.query(quarantinedQueryOptions(id)))
}

/**
 * A decision on an item, under the action's `Idempotency-Key`: a second press, or the same request
 * again after a lost answer, decides once. Whatever the answer (a 409 too: someone else decided
 * first), the item and the lists are read again, and the trials' lists too (an acceptance makes a
 * trial); the form keeps what was typed.
 */
function useQuarantineDecision<TBody>(post: (body: TBody, key: string) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: post,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quarantineKey }),
        queryClient.invalidateQueries({ queryKey: ['trials'] }),
      ]),
  })
}

/** `POST /questionnaire/accept` */
export function useAcceptQuarantined() {
  return useQuarantineDecision((body: QuarantineAcceptBody, key) =>
    call(quarantineAccept, { body, headers: { [idempotencyHeader]: key } }),
  )
}

/** `POST /questionnaire/reject` */
export function useRejectQuarantined() {
  return useQuarantineDecision((body: QuarantineRejectBody, key) =>
    call(quarantineReject, { body, headers: { [idempotencyHeader]: key } }),
  )
}

/** Someone else decided on the item first. */
export function isDecided(error: Error | null): boolean {
  return error instanceof ApiError && error.code === quarantineMessages.quarantineDecided.id
}
