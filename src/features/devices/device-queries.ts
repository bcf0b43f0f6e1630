import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { pagedQueryOptions } from '../../api/paging.ts'
import { useAction } from '../../api/use-action.ts'
import type { DeviceActionBody } from '../../contract/device-actions.ts'
import type { FleetFigure } from '../../contract/device-admin.ts'
import {
  deviceAction,
  deviceActionCancel,
  deviceFleet,
  deviceRevoke,
  deviceSearch,
  deviceSummary,
} from '../../contract/endpoints/device-admin.ts'
import { idempotencyHeader } from '../../contract/http.ts'

export const deviceKeys = {
  all: ['devices'] as const,
  list: (query: string, attention: boolean, figure: FleetFigure | undefined) =>
    [...deviceKeys.all, 'list', query, attention, figure ?? null] as const,
  summary: () => [...deviceKeys.all, 'summary'] as const,
  fleet: () => [...deviceKeys.all, 'fleet'] as const,
}

/**
 * `GET /device/search?query=&page=&attention=&figure=`: the devices, those with the oldest trials
 * first; `figure`: only the tablets behind one of the fleet's figures.
 */
export function deviceSearchQueryOptions(query: string, attention: boolean, figure?: FleetFigure) {
  return pagedQueryOptions(
    deviceKeys.list(query, attention, figure),
    async (page) =>
      (
        await call(deviceSearch, {
          query: {
            query,
            page,
            attention: attention ? 'true' : 'false',
            ...(figure ? { figure } : {}),
          },
        })
      ).data,
  )
}

/** `GET /device/fleet`: the figures the Devices screen opens with. */
export function fleetQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.fleet(),
    queryFn: async () => (await call(deviceFleet, {})).data,
  })
}

/**
 * `POST /device/action` under the action's `Idempotency-Key`: a double click or a retry after a
 * lost answer issues one action.
 */
export function useIssueAction() {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (body: DeviceActionBody, key: string) =>
      call(deviceAction, { body, headers: { [idempotencyHeader]: key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  })
}

/** `POST /device/action/cancel { id }`, under its own `Idempotency-Key`. */
export function useCancelAction() {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (id: number, key: string) =>
      call(deviceActionCancel, { body: { id }, headers: { [idempotencyHeader]: key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  })
}

/** `GET /device/summary`: the dashboard's "trials still on devices". */
export function deviceSummaryQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.summary(),
    queryFn: async () => (await call(deviceSummary, {})).data,
  })
}

/** `POST /device/revoke { id }`: a second revocation changes nothing and answers the same. */
export function useRevokeDevice() {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (id: string) => call(deviceRevoke, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  })
}
