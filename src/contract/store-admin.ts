import * as v from 'valibot'
import { calendarDay, daysInOrder, listOf, maxId, pageSchema } from './http.ts'
import { messages } from './messages.ts'
import { countries } from './stores.ts'
import { readableText } from './validators.ts'

/** The most characters of a store's texts. */
export const storeTextMaxLength = { name: 120, address: 200, city: 80 } as const

/** `POST /store/create` `{ name, address, city, country }`; `/store/update` adds `id`. */
export const storeFormSchema = v.object({
  name: v.pipe(readableText, v.maxLength(storeTextMaxLength.name)),
  address: v.pipe(readableText, v.maxLength(storeTextMaxLength.address)),
  city: v.pipe(readableText, v.maxLength(storeTextMaxLength.city)),
  country: v.picklist(countries, messages.required.id),
})
export type StoreForm = v.InferOutput<typeof storeFormSchema>
export const storeUpdateSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxId)),
  ...storeFormSchema.entries,
})

/**
 * A store log row (docs/behaviour.md#records): the manager's name, login time, total time at the
 * store in minutes (to the logout, or to now while open), and how many trials they entered there
 * meanwhile.
 */
export const storeLogRowSchema = v.object({
  id: v.number(),
  userId: v.number(),
  name: v.string(),
  storeId: v.number(),
  storeName: v.string(),
  loginAt: v.string(),
  logoutAt: v.nullable(v.string()),
  totalMinutes: v.number(),
  inputs: v.number(),
})
export type StoreLogRow = v.InferOutput<typeof storeLogRowSchema>
export const storeLogListSchema = listOf(storeLogRowSchema)

/** `GET /store/log?page=&user=&store=&startAt=&endAt=` (dates YYYY-MM-DD, whole days). */
export const storeLogQuerySchema = v.pipe(
  v.object({
    page: pageSchema,
    user: v.optional(
      v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(maxId)),
    ),
    store: v.optional(
      v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(maxId)),
    ),
    startAt: v.optional(calendarDay()),
    endAt: v.optional(calendarDay()),
  }),
  daysInOrder(),
)

/**
 * `POST /store/delete` `{ id }` answers `data: { id, archived }`: a store with history (store logs,
 * trials, vouchers, visit notes) is archived rather than deleted, and the message says so.
 */
export const storeDeleteResultSchema = v.object({ id: v.number(), archived: v.boolean() })
export type StoreDeleteResult = v.InferOutput<typeof storeDeleteResultSchema>
