import {
  infiniteQueryOptions,
  queryOptions,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { call } from '../../api/client.ts'
import { ApiError } from '../../api/api-error.ts'
import { useAction } from '../../api/use-action.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import {
  managerSearch,
  sessionRevoke,
  userById,
  userCreate,
  userDelete,
  userSearch,
  userSessions,
  userUpdate,
} from '../../contract/endpoints/users.ts'
import type { UserForm } from '../../contract/users.ts'
import { nextPage } from '../../api/paging.ts'

export const userKeys = {
  all: ['users'] as const,
  search: (query: string) => [...userKeys.all, 'search', query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  managers: (storeId: number) => [...userKeys.all, 'managers', storeId] as const,
  sessions: (id: number) => [...userKeys.all, 'sessions', id] as const,
}

/** `GET /user/search?query=&page=`: by name or email, page by page. */
export function userSearchQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: userKeys.search(query),
    queryFn: async ({ pageParam }) =>
      (await call(userSearch, { query: { query, page: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) => nextPage(pages, last.count, lastPage),
  })
}

/** `GET /user/{id}` */
export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: async () => (await call(userById, { params: { id } })).data,
  })
}

/** A loader's user: one the server does not know is the not-found page. */
export async function loadUser(queryClient: QueryClient, id: number) {
  try {
    return await queryClient.query({ ...userQueryOptions(id), staleTime: 'static' })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound({ throw: true })
    throw error
  }
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

/** `POST /user/session/revoke { id }`: again, it changes nothing (the server answers the same). */
export function useRevokeSession(userId: number) {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (id: string) => call(sessionRevoke, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.sessions(userId) }),
  })
}
