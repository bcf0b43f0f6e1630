import { useMutation } from '@tanstack/react-query'
import * as v from 'valibot'
import { postJson } from '../../api/client.ts'
import { updateUser } from '../../api/session.ts'
import { expertStoreSchema } from '../../contract/auth.ts'

/**
 * Spec section 4: a manager with no store checks in; with one, updates the check-in. Either way
 * the stored expertStore becomes the answer's store.
 */
export function useCheckIn() {
  return useMutation({
    mutationFn: async ({ storeId, hasStore }: { storeId: number; hasStore: boolean }) => {
      const path = hasStore ? 'user/check-in/update' : 'user/check-in'
      const result = await postJson(path, expertStoreSchema, { storeId })
      updateUser((user) => ({ ...user, expertStore: result.data }))
      return result
    },
  })
}

export function useCheckOut() {
  return useMutation({
    mutationFn: async (storeId: number | undefined) => {
      const result = await postJson('user/check-out', v.null(), storeId ? { storeId } : {})
      updateUser((user) => ({ ...user, expertStore: null }))
      return result
    },
  })
}
