import * as v from 'valibot'
import { postJson } from '../../api/client.ts'
import { updateUser } from '../../api/session.ts'
import { useAction } from '../../api/use-action.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import { expertStoreSchema } from '../../contract/auth.ts'

/**
 * A manager with no store checks in; with one, updates the check-in
 * (docs/behaviour.md#states-and-transitions). Either way the stored expertStore becomes the
 * answer's store.
 */
export function useCheckIn() {
  return useAction({
    mutationFn: async ({ storeId, hasStore }: { storeId: number; hasStore: boolean }, key) => {
      const path = hasStore ? 'user/check-in/update' : 'user/check-in'
      const result = await postJson(
        path,
        expertStoreSchema,
        { storeId },
        { [idempotencyHeader]: key },
      )
      updateUser((user) => ({ ...user, expertStore: result.data }))
      return result
    },
  })
}

export function useCheckOut() {
  return useAction({
    mutationFn: async (storeId: number | undefined, key) => {
      const body = storeId ? { storeId } : {}
      const result = await postJson('user/check-out', v.null(), body, { [idempotencyHeader]: key })
      updateUser((user) => ({ ...user, expertStore: null }))
      return result
    },
  })
}
