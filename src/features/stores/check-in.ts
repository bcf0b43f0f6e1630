import { call } from '../../api/client.ts'
import { updateUser } from '../../api/session.ts'
import { useAction } from '../../api/use-action.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import { checkIn, checkInUpdate, checkOut } from '../../contract/endpoints/check-in.ts'

/**
 * A manager with no store checks in; with one, updates the check-in
 * (docs/behaviour.md#states-and-transitions). Either way the stored expertStore becomes the
 * answer's store.
 */
export function useCheckIn() {
  return useAction({
    mutationFn: async ({ storeId, hasStore }: { storeId: number; hasStore: boolean }, key) => {
      const endpoint = hasStore ? checkInUpdate : checkIn
      const result = await call(endpoint, {
        body: { storeId },
        headers: { [idempotencyHeader]: key },
      })
      updateUser((user) => ({ ...user, expertStore: result.data }))
      return result
    },
  })
}

export function useCheckOut() {
  return useAction({
    mutationFn: async (storeId: number | undefined, key) => {
      const body = storeId ? { storeId } : {}
      const result = await call(checkOut, { body, headers: { [idempotencyHeader]: key } })
      updateUser((user) => ({ ...user, expertStore: null }))
      return result
    },
  })
}
