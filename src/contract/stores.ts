import * as v from 'valibot'
import { countries } from './countries.ts'
import { listOf, maxId } from './http.ts'

export { countries, type Country } from './countries.ts'

export const storeSchema = v.object({
  id: v.number(),
  name: v.string(),
  address: v.string(),
  city: v.string(),
  country: v.picklist(countries),
  createdAt: v.string(),
})
export type Store = v.InferOutput<typeof storeSchema>

/** `GET /store/search?query=&page=` answers `data: { rows, count }`. */
export const storeListSchema = listOf(storeSchema)
export type StoreList = v.InferOutput<typeof storeListSchema>

/** `POST /user/check-in`, `/user/check-in/update`: answer `data: { id, name }` (the expert store). */
export const checkInBodySchema = v.object({
  storeId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxId)),
})
export type CheckInBody = v.InferOutput<typeof checkInBodySchema>

/** `POST /user/check-out`: `storeId` may be sent but is not needed; answers `data: null`. */
export const checkOutBodySchema = v.object({
  storeId: v.optional(checkInBodySchema.entries.storeId),
})
export type CheckOutBody = v.InferOutput<typeof checkOutBodySchema>
