/**
 * The catalogue's management (docs/api.md#catalogue): packs, sticks and devices created, changed
 * and retired (never deleted: stored trials hold the pack object with its image path), each act
 * one transaction with its audit row (ids and codes only).
 */
import { and, eq, ne } from 'drizzle-orm'
import type { Context } from 'hono'
import { catalogueMessages } from '#contract/catalogue-messages.ts'
import type { PackForm, ProductForm } from '#contract/catalogue-requests.ts'
import type { PackRow, ProductRow } from '#contract/catalogue.ts'
import { messages } from '#contract/messages.ts'
import { audit } from '../../audit/log.ts'
import type { Database } from '../../db/database.ts'
import { packs, products } from '../../db/schema/catalogue.ts'
import { sqlStateOf } from '../../db/sql-state.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { HttpError } from '../../http-error.ts'
import { packImageStored } from './pictures.ts'
import { packRowOf } from './queries.ts'

type Act = { c: Context<UserEnv>; deps: AppDeps; tx: Database }

/** A race on a unique index the checks below looked at: the other request won. */
async function orConflict<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw new HttpError(409, message)
    throw error
  }
}

/** The pack, locked for the change; 404 when there is none. */
async function lockedPack(tx: Database, id: number) {
  const [pack] = await tx.select().from(packs).where(eq(packs.id, id)).for('update')
  if (!pack) throw new HttpError(404, catalogueMessages.packNotFound.id)
  return pack
}

/**
 * The form's checks against what is stored: the image an upload made (or the pack's own, kept),
 * and no other pack of that type, family and name.
 */
async function checkPack(tx: Database, form: PackForm, current?: typeof packs.$inferSelect) {
  if (form.image !== null && form.image !== current?.image) {
    if (!(await packImageStored(tx, form.image))) {
      const message = catalogueMessages.imageUnknown.id
      throw new HttpError(400, message, { invalidFields: [{ field: 'image', message }] })
    }
  }
  const [same] = await tx
    .select({ id: packs.id })
    .from(packs)
    .where(
      and(
        eq(packs.type, form.type),
        eq(packs.brandFamily, form.brandFamily),
        eq(packs.brandName, form.brandName),
        current ? ne(packs.id, current.id) : undefined,
      ),
    )
  if (same) throw new HttpError(409, catalogueMessages.packExists.id)
}

export async function createPack({ c, deps, tx }: Act, form: PackForm): Promise<PackRow> {
  await checkPack(tx, form)
  const [row] = await orConflict(
    tx.insert(packs).values(form).returning(),
    catalogueMessages.packExists.id,
  )
  if (!row) throw new Error('pack not inserted')
  await audit(c, deps, tx, { action: 'pack.create', target: `pack:${row.id}`, detail: row.type })
  return packRowOf(row, deps.config.assetBaseUrl)
}

export async function updatePack(
  { c, deps, tx }: Act,
  { id, ...form }: PackForm & { id: number },
): Promise<PackRow> {
  const current = await lockedPack(tx, id)
  await checkPack(tx, form, current)
  const [row] = await orConflict(
    tx.update(packs).set(form).where(eq(packs.id, id)).returning(),
    catalogueMessages.packExists.id,
  )
  if (!row) throw new Error('pack not updated')
  await audit(c, deps, tx, { action: 'pack.update', target: `pack:${id}`, detail: row.type })
  return packRowOf(row, deps.config.assetBaseUrl)
}

/** Retiring a retired pack again changes nothing and records nothing. */
export async function retirePack({ c, deps, tx }: Act, id: number): Promise<PackRow> {
  const current = await lockedPack(tx, id)
  if (!current.active) return packRowOf(current, deps.config.assetBaseUrl)
  const [row] = await tx.update(packs).set({ active: false }).where(eq(packs.id, id)).returning()
  if (!row) throw new Error('pack not retired')
  await audit(c, deps, tx, { action: 'pack.retire', target: `pack:${id}`, detail: row.type })
  return packRowOf(row, deps.config.assetBaseUrl)
}

async function lockedProduct(tx: Database, id: number) {
  const [product] = await tx.select().from(products).where(eq(products.id, id)).for('update')
  if (!product) throw new HttpError(404, catalogueMessages.productNotFound.id)
  return product
}

/** What a form stores: a device has no colour and no swatch. */
function productValues(form: ProductForm) {
  return form.type === 'Stick'
    ? { type: form.type, name: form.name, color: form.color, swatch: form.swatch }
    : { type: form.type, name: form.name, color: null, swatch: null }
}

/** No other product of the type and name; no other stick (retired ones too) of the colour key. */
async function checkProduct(tx: Database, form: ProductForm, currentId?: number) {
  const other = currentId === undefined ? undefined : ne(products.id, currentId)
  const [sameName] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.type, form.type), eq(products.name, form.name), other))
  if (sameName) throw new HttpError(409, catalogueMessages.productExists.id)
  if (form.type !== 'Stick') return
  const [sameColor] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.type, 'Stick'), eq(products.color, form.color), other))
  if (sameColor) throw new HttpError(409, catalogueMessages.stickColorTaken.id)
}

/** Which unique index a race broke decides the message; both are 409. */
const productConflict = catalogueMessages.productExists.id

export async function createProduct({ c, deps, tx }: Act, form: ProductForm): Promise<ProductRow> {
  await checkProduct(tx, form)
  const [row] = await orConflict(
    tx.insert(products).values(productValues(form)).returning(),
    productConflict,
  )
  if (!row) throw new Error('product not inserted')
  await audit(c, deps, tx, {
    action: 'product.create',
    target: `product:${row.id}`,
    detail: productDetail(row),
  })
  return row
}

export async function updateProduct(
  { c, deps, tx }: Act,
  { id, ...form }: ProductForm & { id: number },
): Promise<ProductRow> {
  const current = await lockedProduct(tx, id)
  // A product's type stays: a stick's trials are keyed by its colour, a device's by its id.
  if (current.type !== form.type) {
    const message = messages.invalid.id
    throw new HttpError(400, message, { invalidFields: [{ field: 'type', message }] })
  }
  await checkProduct(tx, form, id)
  const [row] = await orConflict(
    tx.update(products).set(productValues(form)).where(eq(products.id, id)).returning(),
    productConflict,
  )
  if (!row) throw new Error('product not updated')
  await audit(c, deps, tx, {
    action: 'product.update',
    target: `product:${id}`,
    detail: productDetail(row),
  })
  return row
}

export async function retireProduct({ c, deps, tx }: Act, id: number): Promise<ProductRow> {
  const current = await lockedProduct(tx, id)
  if (!current.active) return current
  const [row] = await tx
    .update(products)
    .set({ active: false })
    .where(eq(products.id, id))
    .returning()
  if (!row) throw new Error('product not retired')
  await audit(c, deps, tx, {
    action: 'product.retire',
    target: `product:${id}`,
    detail: productDetail(row),
  })
  return row
}

/** Codes only: the type, and a stick's colour key. */
function productDetail(row: typeof products.$inferSelect): string {
  return row.color === null ? row.type : `${row.type} ${row.color}`
}
