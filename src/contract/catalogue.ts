import * as v from 'valibot'
import { listOf, pageSchema } from './http.ts'

export const packTypes = ['HTS', 'RMC'] as const
export const packTypeSchema = v.picklist(packTypes)
export type PackType = (typeof packTypes)[number]

/**
 * A pack (docs/behaviour.md#records). `image` is a path like `./packs/x.svg` (the seeded artwork)
 * or `./packs/<sha-256>.webp` (an uploaded picture), or null when the pack has no picture; `src` is
 * that path with its leading `./` replaced by the server's asset location.
 */
export const packSchema = v.object({
  id: v.number(),
  type: packTypeSchema,
  brandName: v.string(),
  brandFamily: v.string(),
  image: v.nullable(v.string()),
  src: v.nullable(v.string()),
})
export type Pack = v.InferOutput<typeof packSchema>

/**
 * A pack as the catalogue's searches and management answer it: `active` false when retired. A
 * trial stores `packSchema`'s fields only (older builds send those).
 */
export const packRowSchema = v.object({ ...packSchema.entries, active: v.boolean() })
export type PackRow = v.InferOutput<typeof packRowSchema>
export const packRowListSchema = listOf(packRowSchema)

/**
 * `includeRetired=true` (admin and super only; anyone else 403): the searches answer retired rows
 * too. Without it they answer what new trials may offer.
 */
const includeRetiredSchema = v.optional(v.picklist(['true', 'false']), 'false')

/**
 * `GET /packages/search?family=true&type=HTS` answers the type's brand families, each once, by
 * name (`query`, when given, filters them by name without case or diacritics).
 */
export const brandFamilySchema = v.object({ brandFamily: v.string(), type: packTypeSchema })
export type BrandFamily = v.InferOutput<typeof brandFamilySchema>
export const brandFamilyListSchema = listOf(brandFamilySchema)

/**
 * `GET /packages/search?type=HTS&brandFamily=…&query=` answers packs, filtered on the server: of
 * that family (all of the type without `brandFamily`), whose brand name holds `query` (without case
 * or diacritics), by brand name. Not paged: `count` is the number of rows.
 */
export const packListSchema = listOf(packSchema)

export const packSearchQuerySchema = v.object({
  type: packTypeSchema,
  family: v.optional(v.picklist(['true', 'false']), 'false'),
  brandFamily: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  query: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  includeRetired: includeRetiredSchema,
})

export const productTypes = ['Stick', 'Device'] as const
export type ProductType = (typeof productTypes)[number]

/**
 * An internal product (docs/behaviour.md#records): the sticks and devices a brand expert hands out.
 */
export const productSchema = v.object({
  id: v.number(),
  name: v.string(),
  type: v.picklist(productTypes),
  color: v.nullable(v.string()),
})
export type Product = v.InferOutput<typeof productSchema>
export const productListSchema = listOf(productSchema)

/**
 * A product as the searches and management answer it: a stick's `swatch` (`#rrggbb`, null for a
 * device) and `active` false when retired.
 */
export const productRowSchema = v.object({
  ...productSchema.entries,
  swatch: v.nullable(v.string()),
  active: v.boolean(),
})
export type ProductRow = v.InferOutput<typeof productRowSchema>
export const productRowListSchema = listOf(productRowSchema)

/** `GET /internal-products/search?type=&query=&page=`: by name, 20 a page. */
export const productSearchQuerySchema = v.object({
  type: v.picklist(productTypes),
  query: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  page: pageSchema,
  includeRetired: includeRetiredSchema,
})
