import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { useAction } from '../../api/use-action.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import {
  voucherById,
  voucherCodeLog,
  voucherRedeem,
  voucherSearch,
} from '../../contract/endpoints/vouchers.ts'
import type { VoucherSubmitBody } from '../../contract/vouchers.ts'
import { orNotFound } from '../../routing/or-not-found.ts'

export const voucherKeys = {
  all: ['vouchers'] as const,
  detail: (id: number) => [...voucherKeys.all, 'detail', id] as const,
  codeLog: (id: number) => [...voucherKeys.all, 'code-log', id] as const,
}

/** `GET /voucher/{id}`: code, type, value, godfather, status and log. */
export function voucherQueryOptions(id: number) {
  return queryOptions({
    queryKey: voucherKeys.detail(id),
    queryFn: async () => (await call(voucherById, { params: { id } })).data,
  })
}

/** `GET /voucher/code-log/{id}`: a used voucher's log. */
export function voucherCodeLogQueryOptions(id: number) {
  return queryOptions({
    queryKey: voucherKeys.codeLog(id),
    queryFn: async () => (await call(voucherCodeLog, { params: { id } })).data,
  })
}

/** A loader's voucher: one the server does not know is the not-found page. */
export function loadVoucher(queryClient: QueryClient, id: number) {
  return orNotFound(queryClient.query({ ...voucherQueryOptions(id), staleTime: 'static' }))
}

export function loadVoucherCodeLog(queryClient: QueryClient, id: number) {
  return orNotFound(queryClient.query({ ...voucherCodeLogQueryOptions(id), staleTime: 'static' }))
}

/**
 * `GET /voucher/search?code=` as a user's action: the found voucher goes into the detail cache;
 * a non-existent code fails with the server's (translated) message, which the form shows itself.
 */
export function useVoucherLookup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (code: string) => (await call(voucherSearch, { query: { code } })).data,
    onSuccess: (voucher) => queryClient.setQueryData(voucherKeys.detail(voucher.id), voucher),
    meta: { silent: true },
  })
}

/** `POST /voucher/submit`: redeem for a customer; the voucher's queries refresh either way. */
export function useRedeemVoucher(onRedeemed?: () => void) {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (body: VoucherSubmitBody, key: string) =>
      call(voucherRedeem, { body, headers: { [idempotencyHeader]: key } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(voucherKeys.detail(data.id), data)
      onRedeemed?.()
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: voucherKeys.all }),
  })
}
