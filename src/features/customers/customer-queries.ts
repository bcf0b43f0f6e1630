import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { useAction } from '../../api/use-action.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import {
  customerById,
  customerSearch,
  customerTrials,
  visitNoteCreate,
} from '../../contract/endpoints/customers.ts'
import type { Customer, VisitNoteBody } from '../../contract/customers.ts'
import { pagedQueryOptions } from '../../api/paging.ts'
import { orNotFound } from '../../routing/or-not-found.ts'

export const customerKeys = {
  all: ['customers'] as const,
  searches: () => [...customerKeys.all, 'search'] as const,
  search: (query: string) => [...customerKeys.searches(), query] as const,
  detail: (id: number) => [...customerKeys.all, 'detail', id] as const,
  trials: (id: number) => [...customerKeys.all, 'detail', id, 'trials'] as const,
}

/** `GET /customer/search?query=&page=`: by email, phone, referral code or name, page by page. */
export function customerSearchQueryOptions(query: string) {
  return pagedQueryOptions(
    customerKeys.search(query),
    async (page) => (await call(customerSearch, { query: { query, page } })).data,
  )
}

/** `GET /customer/{id}`: everything the overview, loyalty and referral tabs show. */
export function customerQueryOptions(id: number) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: async () => (await call(customerById, { params: { id } })).data,
  })
}

/** The layout route's loader: a customer the server does not know is the not-found page. */
export function loadCustomer(queryClient: QueryClient, id: number) {
  return orNotFound(queryClient.query({ ...customerQueryOptions(id), staleTime: 'static' }))
}

/**
 * After the customer's personal data was erased: the searches and the trials that held their
 * contact leave the cache (and so the device's kept look-ups), and the profile is read again, as
 * erased, before this resolves.
 */
export async function rereadErasedCustomer(queryClient: QueryClient, id: number) {
  queryClient.removeQueries({ queryKey: customerKeys.searches() })
  queryClient.removeQueries({ queryKey: customerKeys.trials(id) })
  await queryClient.invalidateQueries({ queryKey: customerKeys.detail(id) })
}

/** `GET /customer/{id}/trials`: the customer's trials, matched by email or phone. */
export function customerTrialsQueryOptions(id: number) {
  return pagedQueryOptions(
    customerKeys.trials(id),
    async (page) => (await call(customerTrials, { params: { id }, query: { page } })).data,
  )
}

/** `POST /customer/form`: a visit note; it joins the customer's notes at once. */
export function useAddVisitNote() {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (body: VisitNoteBody, key: string) =>
      call(visitNoteCreate, { body, headers: { [idempotencyHeader]: key } }),
    onSuccess: ({ data }, body) => {
      queryClient.setQueryData<Customer>(customerKeys.detail(body.customerId), (customer) =>
        customer ? { ...customer, visitNotes: [data, ...customer.visitNotes] } : customer,
      )
      return queryClient.invalidateQueries({ queryKey: customerKeys.detail(body.customerId) })
    },
  })
}
