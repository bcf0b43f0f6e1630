import {
  catalogueIdSchema,
  packFormSchema,
  packUpdateSchema,
  pictureField,
  pictureMaxBytes,
  pictureSchema,
  pictureTypes,
  productFormSchema,
  productUpdateSchema,
} from '../catalogue-requests.ts'
import { catalogueMessages } from '../catalogue-messages.ts'
import { packRowSchema, productRowSchema } from '../catalogue.ts'
import { administration } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

// The catalogue's management (docs/api.md#catalogue): the administration's, in a module of its
// own so that the screens of other roles load none of its schemas. Packs, sticks and devices are
// retired, never deleted: stored trials hold the pack object with its image path.

// Roles (docs/behaviour.md#roles-and-access): the catalogue is managed by super and admin.
export const packImageUpload = endpoint({
  method: 'POST',
  path: '/packages/image',
  summary:
    'Uploads a pack picture (PNG, JPEG or WebP by its content, up to 2 MB and 4,000 x 4,000 px), made into the pack grid’s sizes and stored by content hash; answers the `image` a pack stores. The same picture again answers the same.',
  policy: { allow: administration },
  upload: { field: pictureField, types: pictureTypes, maxBytes: pictureMaxBytes },
  answer: pictureSchema,
  errors: {
    400: [
      catalogueMessages.pictureType,
      catalogueMessages.pictureTooLarge,
      catalogueMessages.pictureDimensions,
      catalogueMessages.pictureUnreadable,
    ],
  },
})

export const packCreate = endpoint({
  method: 'POST',
  path: '/packages/create',
  summary: 'Creates a pack. Audited as `pack.create`.',
  policy: { allow: administration },
  body: packFormSchema,
  answer: packRowSchema,
  status: 201,
  idempotent: true,
  errors: { 400: [catalogueMessages.imageUnknown], 409: [catalogueMessages.packExists] },
})

export const packUpdate = endpoint({
  method: 'POST',
  path: '/packages/update',
  summary:
    'Changes a pack (a retired one stays retired); trials already stored keep the pack as they hold it. Audited as `pack.update`.',
  policy: { allow: administration },
  body: packUpdateSchema,
  answer: packRowSchema,
  idempotent: true,
  errors: {
    400: [catalogueMessages.imageUnknown],
    404: [catalogueMessages.packNotFound],
    409: [catalogueMessages.packExists],
  },
})

export const packRetire = endpoint({
  method: 'POST',
  path: '/packages/retire',
  summary:
    'Retires a pack: new trials no longer offer it; it stays readable. Audited as `pack.retire`.',
  policy: { allow: administration },
  body: catalogueIdSchema,
  answer: packRowSchema,
  idempotent: true,
  errors: { 404: [catalogueMessages.packNotFound] },
})

export const productCreate = endpoint({
  method: 'POST',
  path: '/internal-products/create',
  summary:
    'Creates a stick (a colour key, its label and swatch) or a device. Audited as `product.create`.',
  policy: { allow: administration },
  body: productFormSchema,
  answer: productRowSchema,
  status: 201,
  idempotent: true,
  errors: { 409: [catalogueMessages.productExists, catalogueMessages.stickColorTaken] },
})

export const productUpdate = endpoint({
  method: 'POST',
  path: '/internal-products/update',
  summary:
    'Changes a stick or a device (its type stays; a retired one stays retired). Audited as `product.update`.',
  policy: { allow: administration },
  body: productUpdateSchema,
  answer: productRowSchema,
  idempotent: true,
  errors: {
    404: [catalogueMessages.productNotFound],
    409: [catalogueMessages.productExists, catalogueMessages.stickColorTaken],
  },
})

export const productRetire = endpoint({
  method: 'POST',
  path: '/internal-products/retire',
  summary:
    'Retires a stick or a device: new trials no longer offer it; it stays readable. Audited as `product.retire`.',
  policy: { allow: administration },
  body: catalogueIdSchema,
  answer: productRowSchema,
  idempotent: true,
  errors: { 404: [catalogueMessages.productNotFound] },
})
