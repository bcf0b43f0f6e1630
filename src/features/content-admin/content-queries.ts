import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { pagedQueryOptions } from '../../api/paging.ts'
import { useAction } from '../../api/use-action.ts'
import type { Edition } from '../../contract/content-edition.ts'
import type { ContentUpdateBody } from '../../contract/content-requests.ts'
import { contentById, contentCurrent } from '../../contract/endpoints/content.ts'
import {
  contentCancel,
  contentCreate,
  contentDelete,
  contentPublish,
  contentSearch,
  contentUpdate,
} from '../../contract/endpoints/content-admin.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import { orNotFound } from '../../routing/or-not-found.ts'
import { callWithEtag } from './call-with-etag.ts'

/**
 * The administration's keys for the editions: under `['content', 'admin']`, apart from the trial
 * page's words of an edition (src/ui/edition-words.ts), which hold no `ETag`.
 */
export const contentKeys = {
  all: ['content', 'admin'] as const,
  list: () => [...contentKeys.all, 'list'] as const,
  detail: (id: number) => [...contentKeys.all, 'edition', id] as const,
  current: () => [...contentKeys.all, 'current'] as const,
}

/** An edition as read, with the `ETag` its save names. */
export interface TaggedEdition {
  edition: Edition
  etag: string | null
}

/** `GET /content/search?page=`: the editions, newest first. */
export function editionsQueryOptions() {
  return pagedQueryOptions(
    contentKeys.list(),
    async (page) => (await call(contentSearch, { query: { page } })).data,
  )
}

/** `GET /content/{id}`: one edition and its `ETag`. */
export function editionQueryOptions(id: number) {
  return queryOptions({
    queryKey: contentKeys.detail(id),
    queryFn: async (): Promise<TaggedEdition> => {
      const { data, etag } = await callWithEtag(contentById, { params: { id } })
      return { edition: data, etag }
    },
    staleTime: 0,
  })
}

/** `GET /content/current`: the edition in use, which a draft is compared with. */
export function currentEditionQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.current(),
    queryFn: async () => (await call(contentCurrent, {})).data,
  })
}

/** A loader's edition: one the server does not know is the not-found page. */
export function loadEdition(queryClient: QueryClient, id: number) {
  return orNotFound(queryClient.query(editionQueryOptions(id)))
}

/** `POST /content/create {}`: a new draft, copied from the edition in use. */
export function useCreateDraft() {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (_: null, key: string) =>
      call(contentCreate, { body: {}, headers: { [idempotencyHeader]: key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.list() }),
  })
}

/**
 * `POST /content/update` naming the version read (`If-Match`): a 412 when another admin saved
 * since. The answer's edition and tag become the detail's; a replay without a tag reads it again.
 */
export function useSaveDraft(etag: string | null) {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: async (
      body: ContentUpdateBody,
      key: string,
    ): Promise<TaggedEdition & { message: string | undefined }> => {
      const answer = await callWithEtag(contentUpdate, {
        body,
        headers: { [idempotencyHeader]: key, ...(etag === null ? {} : { 'If-Match': etag }) },
      })
      const tagged =
        answer.etag === null
          ? await queryClient.query(editionQueryOptions(body.id))
          : { edition: answer.data, etag: answer.etag }
      return { ...tagged, message: answer.message }
    },
    onSuccess: ({ edition, etag: saved }) => {
      queryClient.setQueryData(contentKeys.detail(edition.id), { edition, etag: saved })
      return queryClient.invalidateQueries({ queryKey: contentKeys.list() })
    },
  })
}

/** Where an act on an edition leaves the screen: the edition again, and the list. */
function useEditionAct<T extends { id: number }>(
  act: (body: T, key: string) => Promise<{ data: { id: number }; message: string | undefined }>,
) {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: act,
    onSuccess: (_answer, body) => {
      void queryClient.invalidateQueries({ queryKey: contentKeys.current() })
      void queryClient.invalidateQueries({ queryKey: contentKeys.detail(body.id) })
      return queryClient.invalidateQueries({ queryKey: contentKeys.list() })
    },
  })
}

/** `POST /content/publish { id, at? }`: now, or scheduled at `at`. */
export function usePublishEdition() {
  return useEditionAct((body: { id: number; at?: string }, key) =>
    call(contentPublish, { body, headers: { [idempotencyHeader]: key } }),
  )
}

/** `POST /content/cancel { id }`: a scheduled edition back to a draft. */
export function useCancelEdition() {
  return useEditionAct((body: { id: number }, key) =>
    call(contentCancel, { body, headers: { [idempotencyHeader]: key } }),
  )
}

/** `POST /content/delete { id }`: a draft, gone. */
export function useDeleteDraft() {
  const queryClient = useQueryClient()
  return useAction({
    mutationFn: (id: number, key: string) =>
      call(contentDelete, { body: { id }, headers: { [idempotencyHeader]: key } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: contentKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: contentKeys.list() })
    },
  })
}
