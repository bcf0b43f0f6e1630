import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api/api-error.ts'
import { referenceLine } from '../api/reference-line.ts'
import { showToast } from '../ui/toast/show-toast.ts'

function hasMessage(value: unknown): value is { message: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof value.message === 'string'
  )
}

/**
 * One query client. A `jwt expired` answer anywhere sends the user to sign in (`onJwtExpired`); a
 * failed mutation shows its message as an error toast, and a successful one its server message as a
 * success toast (docs/behaviour.md#errors-and-messages). A mutation with `meta: { silent: true }`
 * shows neither.
 */
export function createQueryClient(onJwtExpired: (ended: boolean) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.isJwtExpired) onJwtExpired(error.isSessionEnded)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (error instanceof ApiError && error.isJwtExpired)
          return onJwtExpired(error.isSessionEnded)
        if (!mutation.meta?.silent) showToast('error', error.message, referenceLine(error))
      },
      onSuccess: (result, _variables, _context, mutation) => {
        if (!mutation.meta?.silent && hasMessage(result) && result.message)
          showToast('success', result.message)
      },
    }),
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        // Kept as long as the persisted cache keeps it (24 h), so look-ups open offline.
        gcTime: 24 * 60 * 60_000,
        // No answer: tried again twice, unless the browser says it has no connection at all, when
        // the screen says at once that this needs one (a request was made and failed either way).
        retry: (count, error) =>
          error instanceof ApiError && error.status === 0 && count < 2 && navigator.onLine,
      },
      mutations: { networkMode: 'offlineFirst', retry: false },
    },
  })
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silent?: boolean }
  }
}
