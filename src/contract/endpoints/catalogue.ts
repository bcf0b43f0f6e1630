import * as v from 'valibot'
import {
  brandFamilyListSchema,
  packListSchema,
  packSearchQuerySchema,
  productListSchema,
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
    "With `family=true` a type's brand families; otherwise its packs (of `brandFamily`, matching `query`), with their images.",
  policy: { allow: signedIn },
  query: packSearchQuerySchema,
  answer: v.union([packListSchema, brandFamilyListSchema]),
})

// Roles (docs/behaviour.md#roles-and-access): "Free guided trial: any logged-in user": its stick
// and device steps.
export const productSearch = endpoint({
  method: 'GET',
  path: '/internal-products/search',
  summary: 'Sticks or devices by name, 20 a page.',
  policy: { allow: signedIn },
  query: productSearchQuerySchema,
  answer: productListSchema,
})

/** The packs' images, which `imageUrl` points at: served by the app itself, cached for a month. */
export const packImage = endpoint({
  method: 'GET',
  path: '/media/packs/:file',
  root: true,
  summary: "A pack's image (SVG), as a pack's `imageUrl` names it.",
  policy: { allow: everyone },
  params: v.object({ file: v.pipe(v.string(), v.regex(/^[\w.-]+\.svg$/)) }),
  answer: { file: ['image/svg+xml'] },
  errors: { 404: [messages.notFound] },
  withoutAppHeader: true,
})
