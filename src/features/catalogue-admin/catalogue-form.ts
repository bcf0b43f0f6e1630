import { ApiError } from '../../api/api-error.ts'
import type { PackRow, ProductRow, ProductType } from '../../contract/catalogue.ts'
import type { PackForm, ProductForm } from '../../contract/catalogue-requests.ts'
import { catalogueMessages } from '../../contract/catalogue-messages.ts'

/**
 * The catalogue screens' pure parts (docs/api.md#catalogue): the lists' tabs, what a form
 * starts from, where a conflict shows and how the lists are filtered.
 */

/** The catalogue's lists, which its URLs name: `/catalogue?list=sticks`, `/catalogue/sticks/12`. */
export const catalogueKinds = ['packs', 'sticks', 'devices'] as const
export type CatalogueKind = (typeof catalogueKinds)[number]

/** The URL's `?list=`: one of the three, the packs unless it names another. */
export function catalogueList(list: string | undefined): CatalogueKind {
  return catalogueKinds.find((known) => known === list) ?? 'packs'
}

/** An item's form, as its URL names it: `new`, or an item's id. */
export type ItemAddress = { kind: CatalogueKind; id: number | 'new' }

/**
 * `/catalogue/{kind}/{id}` read: a kind of the three and `new` or a whole id, else nothing (the
 * not-found page). Read in the loader, not the route's params: the route tree, which the first
 * screen loads, then holds none of it.
 */
export function itemAddress(kind: string, id: string): ItemAddress | undefined {
  const known = catalogueKinds.find((each) => each === kind)
  if (known === undefined) return undefined
  if (id === 'new') return { kind: known, id }
  const number = Number(id)
  return /^[1-9]\d*$/.test(id) && Number.isSafeInteger(number)
    ? { kind: known, id: number }
    : undefined
}

/** The product type a list other than the packs shows. */
export function productTypeOf(list: Exclude<CatalogueKind, 'packs'>): ProductType {
  return list === 'sticks' ? 'Stick' : 'Device'
}

type StickForm = Extract<ProductForm, { type: 'Stick' }>
type DeviceForm = Extract<ProductForm, { type: 'Device' }>

/** A new stick's swatch until one is picked: a mid grey, which a colour input can show. */
export const defaultSwatch = '#808080'

/** What the pack form starts from: the pack's values, or an HTS pack with no picture. */
export function packFormValues(pack?: PackRow): PackForm {
  return {
    type: pack?.type ?? 'HTS',
    brandFamily: pack?.brandFamily ?? '',
    brandName: pack?.brandName ?? '',
    image: pack?.image ?? null,
  }
}

/** What the stick form starts from: the stick's values, or none with the default swatch. */
export function stickFormValues(stick?: ProductRow): StickForm {
  return {
    type: 'Stick',
    name: stick?.name ?? '',
    color: stick?.color ?? '',
    swatch: stick?.swatch ?? defaultSwatch,
  }
}

/** What the device form starts from. */
export function deviceFormValues(device?: ProductRow): DeviceForm {
  return { type: 'Device', name: device?.name ?? '' }
}

/**
 * A hex colour as typed into the swatch's text field, as the contract stores it: lower case, with
 * its `#` (typed without one, it gets one). Anything else is left for the form to refuse.
 */
export function typedSwatch(text: string): string {
  const trimmed = text.trim().toLowerCase()
  return /^[0-9a-f]{6}$/.test(trimmed) ? `#${trimmed}` : trimmed
}

/**
 * The field a conflict (409) is about, which its answer does not name: a pack of the family and
 * name, a product of the name, a stick of the colour key.
 */
const conflictFields = {
  [catalogueMessages.packExists.id]: 'brandName',
  [catalogueMessages.productExists.id]: 'name',
  [catalogueMessages.stickColorTaken.id]: 'color',
} as const

export type ConflictField = (typeof conflictFields)[keyof typeof conflictFields]

export function conflictField(error: Error): ConflictField | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  return Object.entries(conflictFields).find(([code]) => code === error.code)?.[1]
}

/**
 * A refused upload's message, shown at the picture's field: the server's refusals of the file (its
 * type, size, dimensions, a damaged one) and a body too large. Others go to the toast alone.
 */
export function pictureError(error: Error): string | undefined {
  return error instanceof ApiError && (error.status === 400 || error.status === 413)
    ? error.message
    : undefined
}

/**
 * Where a picture the pack stores (`./packs/<id>.webp`, or a seeded `./packs/<name>.svg`) is
 * served: under `/media/`, as the server answers a pack's `src` by default.
 */
export function pictureSrc(image: string | null): string | null {
  return image === null ? null : image.replace(/^\.\//, '/media/')
}

/** Text without case or Serbian and Montenegrin marks (Š as S, Đ as D), as the server's searches. */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/giu, 'd').toLowerCase()
}

/** Whether one of a row's texts holds the filter's text (an empty filter keeps every row). */
export function matchesFilter(texts: readonly (string | null)[], query: string): boolean {
  const wanted = folded(query.trim())
  return wanted === '' || texts.some((text) => text !== null && folded(text).includes(wanted))
}
