import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import type { PackType, ProductType } from '../../../src/contract/catalogue.ts'
import { idempotencyHeader } from '../../../src/contract/http.ts'
import type { Locale } from '../../../src/contract/locale.ts'
import { packs, products } from '../../../server/db/schema/catalogue.ts'
import { idempotencyKeys } from '../../../server/db/schema/idempotency.ts'
import { quarantinedTrials } from '../../../server/db/schema/quarantine.ts'
import { trials } from '../../../server/db/schema/trials.ts'
import { callApi, type TestApi } from './harness.ts'

export type TrialPost = {
  token: string
  body: unknown
  key?: string
  url?: string
  language?: Locale
  /** More request headers (`Device-Time`, `App-Version`). */
  headers?: Record<string, string>
}

/**
 * `POST /free-guided/form`, with an `Idempotency-Key` when `key` is given, to the test's app or
 * to the one at `url` (another instance).
 */
export function postTrial(api: TestApi, { token, body, key, url, language, ...more }: TrialPost) {
  const headers: Record<string, string> = {
    ...more.headers,
    ...(key === undefined ? {} : { [idempotencyHeader]: key }),
  }
  return callApi(url ?? api.url, 'POST', '/free-guided/form', {
    token,
    body,
    headers,
    language: language ?? 'en',
  })
}

export async function trialsOf(api: TestApi, userId: number) {
  return api.db.select().from(trials).where(eq(trials.userId, userId)).orderBy(trials.id)
}

export async function countTrials(api: TestApi): Promise<number> {
  const [row] = await api.db.select({ count: count() }).from(trials)
  return row?.count ?? 0
}

export async function keysOf(api: TestApi, userId: number) {
  return api.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))
}

export async function createPack(
  api: TestApi,
  values: { type: PackType; brandFamily: string; brandName: string; image?: string | null },
) {
  const image = values.image === undefined ? null : values.image
  const [row] = await api.db
    .insert(packs)
    .values({ ...values, image })
    .returning()
  if (!row) throw new Error('no pack inserted')
  return row
}

export async function createProduct(
  api: TestApi,
  values: { type: ProductType; name: string; color?: string | null },
) {
  const [row] = await api.db
    .insert(products)
    .values({ ...values, color: values.color ?? null })
    .returning()
  if (!row) throw new Error('no product inserted')
  return row
}

/** A trial made straight in the database, at a given time. */
export async function createTrial(
  api: TestApi,
  values: { userId: number; storeId: number; createdAt: Date; comment?: string },
) {
  const [row] = await api.db
    .insert(trials)
    .values({
      userId: values.userId,
      storeId: values.storeId,
      kind: 'simple',
      answers: values.comment ?? `Proba ${values.createdAt.toISOString()}`,
      // Captured when it arrived, as a trial of an older app.
      createdAt: values.createdAt,
      receivedAt: values.createdAt,
      capturedAt: values.createdAt,
    })
    .returning({ id: trials.id })
  if (!row) throw new Error('no trial inserted')
  return row.id
}

/**
 * A trial refused for a store that was not there then, as its tablet handed it to the
 * quarantine, made straight in the database: its body names `storeId`.
 */
export async function createQuarantined(
  api: TestApi,
  values: { userId: number; storeId: number; receivedAt: Date },
) {
  const [row] = await api.db
    .insert(quarantinedTrials)
    .values({
      userId: values.userId,
      deviceId: randomUUID(),
      key: randomUUID(),
      body: { store_id: values.storeId, comment: 'Proba iz karantina.' },
      code: 'store.notFound',
      receivedAt: values.receivedAt,
    })
    .returning({ id: quarantinedTrials.id })
  if (!row) throw new Error('no quarantined trial inserted')
  return row.id
}
