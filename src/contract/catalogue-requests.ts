import * as v from 'valibot'
import { maxId } from './http.ts'
import { messages } from './messages.ts'
import { packTypeSchema } from './catalogue.ts'
import { readableText } from './validators.ts'

/**
 * The catalogue's management (docs/api.md#catalogue): what admins send to upload a pack picture
 * and to create, change and retire packs, sticks and devices.
 */

/** `POST /packages/image`: the multipart field holding the picture, and its limits. */
export const pictureField = 'file'
export const pictureMaxBytes = 2 * 1024 * 1024
export const pictureMaxSide = 4000
/** The picture types taken, as their content (magic bytes) shows them, never by name or header. */
export const pictureTypes = ['image/png', 'image/jpeg', 'image/webp'] as const

/**
 * The boxes the tablet's pack grid draws a picture in, in CSS pixels at 1x and 2x
 * (src/features/free-guided-trial/pack-grid.module.css: 3:4 tiles of 8.5rem to under 17rem).
 * A picture is shrunk to fit each, never enlarged; the pack's `image` is the 2x one.
 */
export const pictureSizes = [
  { scale: 1, width: 270, height: 360 },
  { scale: 2, width: 540, height: 720 },
] as const

/** `{ id, image }`: the picture's id (SHA-256 of the pack's image) and the path a pack stores. */
export const pictureSchema = v.object({ id: v.string(), image: v.string() })
export type Picture = v.InferOutput<typeof pictureSchema>

/** An uploaded picture's path, `./packs/<sha-256>.webp`; a seeded pack's SVG may stay as it is. */
export const packImagePath = /^\.\/packs\/([0-9a-f]{64}\.webp|[\w-]+(\.[\w-]+)*\.svg)$/

const id = v.pipe(v.number(messages.required.id), v.integer(), v.minValue(1), v.maxValue(maxId))

export const catalogueTextMaxLength = { brandFamily: 100, brandName: 200, name: 120 } as const

/** `POST /packages/create`: `image` from `POST /packages/image`, or null (no picture). */
export const packFormSchema = v.object({
  type: v.picklist(packTypeSchema.options, messages.required.id),
  brandFamily: v.pipe(readableText, v.maxLength(catalogueTextMaxLength.brandFamily)),
  brandName: v.pipe(readableText, v.maxLength(catalogueTextMaxLength.brandName)),
  image: v.nullable(v.pipe(v.string(), v.regex(packImagePath, messages.invalid.id))),
})
export type PackForm = v.InferOutput<typeof packFormSchema>

/** `POST /packages/update`: the whole pack again, with its `id`. */
export const packUpdateSchema = v.object({ id, ...packFormSchema.entries })
export type PackUpdate = v.InferOutput<typeof packUpdateSchema>

/** `POST /packages/retire` and `/internal-products/retire`. */
export const catalogueIdSchema = v.object({ id })

/** A new stick colour's key, as the content editions' new keys (docs/api.md#catalogue). */
export const stickColorKey = v.pipe(
  v.string(messages.required.id),
  v.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, messages.invalid.id),
)
/** A stick's swatch: `#rrggbb`, lower case. */
export const swatchSchema = v.pipe(
  v.string(messages.required.id),
  v.regex(/^#[0-9a-f]{6}$/, messages.invalid.id),
)

const productName = v.pipe(readableText, v.maxLength(catalogueTextMaxLength.name))

/**
 * `POST /internal-products/create`: a stick `{ type: 'Stick', name, color, swatch }` (its label,
 * colour key and swatch) or a device `{ type: 'Device', name }`.
 */
export const productFormSchema = v.variant('type', [
  v.object({
    type: v.literal('Stick'),
    name: productName,
    color: stickColorKey,
    swatch: swatchSchema,
  }),
  v.object({ type: v.literal('Device'), name: productName }),
])
export type ProductForm = v.InferOutput<typeof productFormSchema>

/** `POST /internal-products/update`: the whole product again, with its `id`; its type stays. */
export const productUpdateSchema = v.variant('type', [
  v.object({ id, ...productFormSchema.options[0].entries }),
  v.object({ id, ...productFormSchema.options[1].entries }),
])
export type ProductUpdate = v.InferOutput<typeof productUpdateSchema>
