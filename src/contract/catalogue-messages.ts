/**
 * The messages of the catalogue's management (docs/api.md#catalogue), part of `messages`
 * (messages.ts) but in a file of their own: only the administration's screens show them, so the
 * sign-in page's catalog (lingui.config.ts's `public`) leaves them out.
 */
export const catalogueMessages = {
  pictureType: /*i18n*/ {
    id: 'catalogue.pictureType',
    message: 'The picture must be a PNG, JPEG or WebP image.',
  },
  pictureTooLarge: /*i18n*/ {
    id: 'catalogue.pictureTooLarge',
    message: 'The picture is larger than 2 MB.',
  },
  pictureDimensions: /*i18n*/ {
    id: 'catalogue.pictureDimensions',
    message: 'The picture is larger than 4,000 × 4,000 pixels.',
  },
  pictureUnreadable: /*i18n*/ {
    id: 'catalogue.pictureUnreadable',
    message: 'The picture cannot be read: the file is damaged.',
  },
  pictureUploaded: /*i18n*/ {
    id: 'catalogue.pictureUploaded',
    message: 'The picture is uploaded.',
  },
  imageUnknown: /*i18n*/ {
    id: 'catalogue.imageUnknown',
    message: 'This picture was not uploaded here. Upload it again.',
  },
  packNotFound: /*i18n*/ { id: 'catalogue.packNotFound', message: 'The pack does not exist.' },
  packExists: /*i18n*/ {
    id: 'catalogue.packExists',
    message: 'This brand family already has a pack of this name.',
  },
  packSaved: /*i18n*/ { id: 'catalogue.packSaved', message: 'The pack is saved.' },
  packRetired: /*i18n*/ {
    id: 'catalogue.packRetired',
    message: 'The pack is retired: new trials no longer offer it.',
  },
  productNotFound: /*i18n*/ {
    id: 'catalogue.productNotFound',
    message: 'The stick or device does not exist.',
  },
  productExists: /*i18n*/ {
    id: 'catalogue.productExists',
    message: 'A stick or device of this name already exists.',
  },
  stickColorTaken: /*i18n*/ {
    id: 'catalogue.stickColorTaken',
    message: 'Another stick already has this colour key.',
  },
  productSaved: /*i18n*/ { id: 'catalogue.productSaved', message: 'The stick or device is saved.' },
  productRetired: /*i18n*/ {
    id: 'catalogue.productRetired',
    message: 'The stick or device is retired: new trials no longer offer it.',
  },
} as const
