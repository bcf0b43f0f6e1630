import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { useAction } from '../../api/use-action.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import {
  managerSearch,
  sessionRevoke,
  userById,
  userCreate,
  userDelete,
  userDevices,
  userSearch,
  userSessions,
  userUpdate,
} from '../../contract/endpoints/users.ts'
import type { UserForm } from '../../contract/users.ts'
import { pagedQueryOptions } from '../../api/paging.ts'
import { orNotFound } from '../../routing/or-not-found.ts'

export const userKeys = {
  all: ['users'] as const,
  search: (query: string) => [...userKeys.all, 'search', query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  managers: (storeId: number) => [...userKeys.all, 'managers', storeId] as const,
  sessions: (id: number) => [...userKeys.all, 'sessions', id] as const,
  devices: (id: number) => [...userKeys.all, 'devices', id] as const,
}

/** `GET /user/search?query=&page=`: by name or email, page by page. */
export function userSearchQueryOptions(query: string) {
  return pagedQueryOptions(
    userKeys.search(query),
    async (page) => (await call(userSearch, { query: { query, page } })).data,
  )
}

/** `GET /user/{id}` */
export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: async () => (await call(userById, { params: { id } })).data,
  })
}

/** A loader's user: one the server does not know is the not-found page. */
export function loadUser(queryClient: QueryClient, id: number) {
  return orNotFound(queryClient.query({ ...userQueryOptions(id), staleTime: 'static' }))
}

/** `POST /user/managers { storeId }`: the managers of one store (all pages the store page shows). */
export function storeManagersQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: userKeys.managers(storeId),
    queryFn: async () => (await call(managerSearch, { body: { storeId, page: 1 } })).data,
  })
}

/** `POST /user/create`, or `/user/update` with an id. */
export function useSaveUser(id: number | null) {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (body: UserForm, key: string) =>
      id === null
        ? call(userCreate, { body, headers: { [idempotencyHeader]: key } })
        : call(userUpdate, { body: { id, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}

/** `POST /user/delete { id }` */
export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (id: number) => call(userDelete, { body: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: userKeys.all })
    },
  })
}

/** `GET /user/{id}/sessions`: fetched each time the screen opens (sessions come and go). */
export function userSessionsQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.sessions(id),
    queryFn: async () => (await call(userSessions, { params: { id } })).data,
    staleTime: 0,
  })
}

/**
 * `GET /user/{id}/devices`: the tablets where the user still holds a device credential, fetched
 * each time the screen opens (their waiting trials change).
 */
export function userDevicesQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.devices(id),
    queryFn: async () => (await call(userDevices, { params: { id } })).data,
    staleTime: 0,
  })
}

/** `POST /user/session/revoke { id }`: again, it changes nothing (the server answers the same). */
export function useRevokeSession(userId: number) {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (id: string) => call(sessionRevoke, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.sessions(userId) }),
  })
}
