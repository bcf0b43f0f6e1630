import {
  infiniteQueryOptions,
  queryOptions,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { getJson, postJson } from '../../api/client.ts'
import { ApiError } from '../../api/api-error.ts'
import { useAction } from '../../api/use-action.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import {
  customerListSchema,
  customerSchema,
  customerTrialListSchema,
  visitNoteSchema,
  type Customer,
  type VisitNoteBody,
} from '../../contract/customers.ts'
import { nextPage } from '../../api/paging.ts'

export const customerKeys = {
  all: ['customers'] as const,
  search: (query: string) => [...customerKeys.all, 'search', query] as const,
  detail: (id: number) => [...customerKeys.all, 'detail', id] as const,
  trials: (id: number) => [...customerKeys.all, 'detail', id, 'trials'] as const,
}

/** `GET /customer/search?query=&page=`: by email, phone, referral code or name, page by page. */
export function customerSearchQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: customerKeys.search(query),
    queryFn: async ({ pageParam }) =>
      (await getJson('customer/search', customerListSchema, { query, page: pageParam })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) => nextPage(pages, last.count, lastPage),
  })
}

/** `GET /customer/{id}`: everything the overview, loyalty and referral tabs show. */
export function customerQueryOptions(id: number) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: async () => (await getJson(`customer/${id}`, customerSchema)).data,
  })
}

/** The layout route's loader: a customer the server does not know is the not-found page. */
export async function loadCustomer(queryClient: QueryClient, id: number) {
  try {
    return await queryClient.query({ ...customerQueryOptions(id), staleTime: 'static' })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound({ throw: true })
    throw error
  }
}

/** `GET /customer/{id}/trials`: the customer's trials, matched by email or phone. */
export function customerTrialsQueryOptions(id: number) {
  return infiniteQueryOptions({
    queryKey: customerKeys.trials(id),
    queryFn: async ({ pageParam }) =>
      (await getJson(`customer/${id}/trials`, customerTrialListSchema, { page: pageParam })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) => nextPage(pages, last.count, lastPage),
  })
}

/** `POST /customer/form`: a visit note; it joins the customer's notes at once. */
export function useAddVisitNote() {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (body: VisitNoteBody, key: string) =>
      postJson('customer/form', visitNoteSchema, body, { [idempotencyHeader]: key }),
    onSuccess: ({ data }, body) => {
      queryClient.setQueryData<Customer>(customerKeys.detail(body.customerId), (customer) =>
        customer ? { ...customer, visitNotes: [data, ...customer.visitNotes] } : customer,
      )
      return queryClient.invalidateQueries({ queryKey: customerKeys.detail(body.customerId) })
    },
  })
}
