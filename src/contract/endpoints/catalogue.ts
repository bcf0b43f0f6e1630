import * as v from 'valibot'
import {
  brandFamilyListSchema,
  packRowListSchema,
  packSearchQuerySchema,
  productRowListSchema,
  productSearchQuerySchema,
} from '../catalogue.ts'
import { messages } from '../messages.ts'
import { everyone, signedIn } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

// Roles (docs/behaviour.md#roles-and-access): "Free guided trial: any logged-in user": its HTS and
// RMC steps.
export const packSearch = endpoint({
  method: 'GET',
  path: '/packages/search',
  summary:
    "With `family=true` a type's brand families; otherwise its packs (of `brandFamily`, matching `query`), with their images. Retired packs only with `includeRetired=true` (admin and super).",
  policy: { allow: signedIn },
  query: packSearchQuerySchema,
  answer: v.union([packRowListSchema, brandFamilyListSchema]),
  errors: { 403: [messages.forbidden] },
})

// Roles (docs/behaviour.md#roles-and-access): "Free guided trial: any logged-in user": its stick
// and device steps.
export const productSearch = endpoint({
  method: 'GET',
  path: '/internal-products/search',
  summary:
    'Sticks or devices by name, 20 a page. Retired ones only with `includeRetired=true` (admin and super).',
  policy: { allow: signedIn },
  query: productSearchQuerySchema,
  answer: productRowListSchema,
  errors: { 403: [messages.forbidden] },
})

/**
 * The packs' images, which a pack's `src` points at, served by the app itself: the seeded SVG
 * artwork (cached for a month) and the uploaded pictures, `<sha-256>.webp` from the database
 * (immutable: a new picture is a new name).
 */
export const packImage = endpoint({
  method: 'GET',
  path: '/media/packs/:file',
  root: true,
  summary:
    "A pack's image, as a pack's `src` names it: seeded SVG artwork (cached for a month) or an uploaded picture, `<sha-256>.webp` (cached as immutable).",
  policy: { allow: everyone },
  params: v.object({ file: v.pipe(v.string(), v.regex(/^([\w.-]+\.svg|[0-9a-f]{64}\.webp)$/)) }),
  answer: { file: ['image/svg+xml', 'image/webp'] },
  errors: { 404: [messages.notFound] },
  withoutAppHeader: true,
})
