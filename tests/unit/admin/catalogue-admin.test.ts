import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/api/api-error.ts'
import { catalogueMessages } from '../../../src/contract/catalogue-messages.ts'
import {
  packFormSchema,
  productFormSchema,
  packUpdateSchema,
} from '../../../src/contract/catalogue-requests.ts'
import type { PackRow, ProductRow } from '../../../src/contract/catalogue.ts'
import {
  catalogueList,
  conflictField,
  defaultSwatch,
  itemAddress,
  deviceFormValues,
  matchesFilter,
  packFormValues,
  pictureError,
  pictureSrc,
  productTypeOf,
  stickFormValues,
  typedSwatch,
} from '../../../src/features/catalogue-admin/catalogue-form.ts'

const hash = 'a'.repeat(64)
const pack: PackRow = {
  id: 7,
  type: 'RMC',
  brandFamily: 'Aurum',
  brandName: 'Aurum Šljiva',
  image: `./packs/${hash}.webp`,
  src: `/media/packs/${hash}.webp`,
  active: true,
}
const stick: ProductRow = {
  id: 3,
  type: 'Stick',
  name: 'Aurum Tan',
  color: 'tan',
  swatch: '#c9a878',
  active: false,
}

describe('the catalogue lists', () => {
  it('opens the packs unless the URL names another list', () => {
    expect(catalogueList(undefined)).toBe('packs')
    expect(catalogueList('sticks')).toBe('sticks')
    expect(catalogueList('devices')).toBe('devices')
    expect(catalogueList('vouchers')).toBe('packs')
    expect(productTypeOf('sticks')).toBe('Stick')
    expect(productTypeOf('devices')).toBe('Device')
  })

  it('reads an item’s address: a list of the three and new or a whole id', () => {
    expect(itemAddress('packs', 'new')).toEqual({ kind: 'packs', id: 'new' })
    expect(itemAddress('sticks', '12')).toEqual({ kind: 'sticks', id: 12 })
    expect(itemAddress('devices', '3')).toEqual({ kind: 'devices', id: 3 })
    expect(itemAddress('vouchers', '3')).toBeUndefined()
    expect(itemAddress('packs', '0')).toBeUndefined()
    expect(itemAddress('packs', '012')).toBeUndefined()
    expect(itemAddress('packs', '1.5')).toBeUndefined()
    expect(itemAddress('packs', '99999999999999999999')).toBeUndefined()
  })

  it('filters by any of a row’s texts without case or marks', () => {
    expect(matchesFilter(['Aurum', 'Aurum Šljiva'], '')).toBe(true)
    expect(matchesFilter(['Aurum', 'Aurum Šljiva'], '  sljiva ')).toBe(true)
    expect(matchesFilter(['Đurđa'], 'DJ')).toBe(false)
    expect(matchesFilter(['Đurđa'], 'durd')).toBe(true)
    expect(matchesFilter(['Aura One', null], 'tan')).toBe(false)
    expect(matchesFilter(['Aurum Tan', 'tan'], 'TAN')).toBe(true)
  })

  it('shows a stored picture where the server serves it', () => {
    expect(pictureSrc(`./packs/${hash}.webp`)).toBe(`/media/packs/${hash}.webp`)
    expect(pictureSrc('./packs/aurum.svg')).toBe('/media/packs/aurum.svg')
    expect(pictureSrc(null)).toBeNull()
  })
})

describe('the catalogue forms', () => {
  it('starts a new pack as an HTS pack without a picture, which the contract refuses unnamed', () => {
    const values = packFormValues()
    expect(values).toEqual({ type: 'HTS', brandFamily: '', brandName: '', image: null })
    expect(v.safeParse(packFormSchema, values).success).toBe(false)
    const named = { ...values, brandFamily: 'Aurum', brandName: 'Aurum Gold' }
    expect(v.parse(packFormSchema, named)).toEqual(named)
  })

  it('edits a pack with its own values and sends them with its id', () => {
    const values = packFormValues(pack)
    expect(values).toEqual({
      type: 'RMC',
      brandFamily: 'Aurum',
      brandName: 'Aurum Šljiva',
      image: `./packs/${hash}.webp`,
    })
    expect(v.parse(packUpdateSchema, { id: pack.id, ...values })).toEqual({ id: 7, ...values })
  })

  it('starts a stick with the default swatch and a device with a name only', () => {
    expect(stickFormValues()).toEqual({ type: 'Stick', name: '', color: '', swatch: defaultSwatch })
    expect(stickFormValues(stick)).toEqual({
      type: 'Stick',
      name: 'Aurum Tan',
      color: 'tan',
      swatch: '#c9a878',
    })
    expect(deviceFormValues()).toEqual({ type: 'Device', name: '' })
    const body = { ...stickFormValues(), name: 'Aurum Lime', color: 'lime-2' }
    expect(v.parse(productFormSchema, body)).toEqual(body)
  })

  it('takes a typed hex as the contract stores it', () => {
    expect(typedSwatch('#2F80D1')).toBe('#2f80d1')
    expect(typedSwatch(' 2f80d1 ')).toBe('#2f80d1')
    expect(typedSwatch('#2f8')).toBe('#2f8')
    expect(typedSwatch('')).toBe('')
  })

  it('shows each conflict at the field it is about', () => {
    const conflict = (code: string) => new ApiError(409, 'taken', [], { code })
    expect(conflictField(conflict(catalogueMessages.packExists.id))).toBe('brandName')
    expect(conflictField(conflict(catalogueMessages.productExists.id))).toBe('name')
    expect(conflictField(conflict(catalogueMessages.stickColorTaken.id))).toBe('color')
    expect(conflictField(conflict('api.unknown'))).toBeUndefined()
    expect(conflictField(new ApiError(404, 'gone', [], { code: 'catalogue.packExists' }))).toBe(
      undefined,
    )
    expect(conflictField(new Error('catalogue.packExists'))).toBeUndefined()
  })

  it('shows a refused picture at its field, and leaves other failures to the toast', () => {
    const refused = new ApiError(400, 'The picture must be a PNG, JPEG or WebP image.', [
      { field: 'file', message: 'The picture must be a PNG, JPEG or WebP image.' },
    ])
    expect(pictureError(refused)).toBe('The picture must be a PNG, JPEG or WebP image.')
    expect(pictureError(new ApiError(413, 'Too large'))).toBe('Too large')
    expect(pictureError(new ApiError(0, 'No connection'))).toBeUndefined()
    expect(pictureError(new ApiError(500, 'Error'))).toBeUndefined()
  })
})
