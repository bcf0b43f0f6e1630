import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { catalogueMessages } from '../../src/contract/catalogue-messages.ts'
import { pictureSchema, pictureSizes } from '../../src/contract/catalogue-requests.ts'
import {
  packRowListSchema,
  packRowSchema,
  productRowListSchema,
  productRowSchema,
} from '../../src/contract/catalogue.ts'
import {
  apiBasePath,
  appHeader,
  appId,
  dataEnvelope,
  errorEnvelopeSchema,
  idempotencyHeader,
  languageHeader,
} from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { auditLog } from '../../server/db/schema/audit.ts'
import { packImages } from '../../server/db/schema/catalogue.ts'
import { decodePicture } from '../../server/routes/catalogue/picture-codecs.ts'
import { pictureKind } from '../../server/routes/catalogue/picture-kind.ts'
import { signedInCaller, uniqueWord } from './support/fixtures.ts'
import { databases, expectShape, useApi, type ApiResponse } from './support/harness.ts'
import { jpegOf, pictureForm, pngOf, webpOf } from './support/pictures.ts'
import { createPack } from './support/trial-fixtures.ts'

/*
 * The catalogue's management (docs/api.md#catalogue): pack pictures checked by content, made into
 * the pack grid's sizes, stored by hash and served as immutable; packs, sticks and devices
 * created, changed and retired (gone from the tablets' searches, still readable), by admin and
 * super only, repeat-safe and audited.
 */
describe.each(databases)('the catalogue management on $name', (database) => {
  const api = useApi(database)
  const admin = () => signedInCaller(api, 'admin', null, 'Catalogue')

  async function upload(token: string, form: FormData): Promise<ApiResponse> {
    const response = await fetch(`${api.url}${apiBasePath}/packages/image`, {
      method: 'POST',
      headers: { [appHeader]: appId, [languageHeader]: 'en', Authorization: `Bearer ${token}` },
      body: form,
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: JSON.parse(text) }
  }

  async function post(token: string, path: string, body: unknown, key?: string) {
    const headers: Record<string, string> = key ? { [idempotencyHeader]: key } : {}
    return api.request('POST', path, { token, body, language: 'en', headers })
  }

  /** The refusal's code and the field it names. */
  function refusal(response: ApiResponse) {
    const error = expectShape(errorEnvelopeSchema, response.body)
    return {
      status: response.status,
      code: error.code,
      fields: error.invalidFields?.map((f) => f.field),
    }
  }

  async function media(image: string) {
    return fetch(`${api.url}/media/packs/${image.replace(/^\.\/packs\//, '')}`)
  }

  it('takes a PNG, a JPEG and a WebP, made into the grid’s sizes, served as immutable WebP', async () => {
    const { token } = await admin()
    for (const [bytes, name] of [
      // Each larger than the 2x box in one direction, so that both sizes are shrunk; small
      // enough that the encoding (WASM, in this process and the server's worker) stays quick.
      [pngOf(600, 700), 'pack.png'],
      [await jpegOf(700, 500), 'pack.jpg'],
      [await webpOf(300, 800), 'pack.webp'],
    ] as const) {
      const response = await upload(token, pictureForm(bytes, name))
      expect(response.status, name).toBe(200)
      const picture = expectShape(dataEnvelope(pictureSchema), response.body).data
      expect(picture.image).toBe(`./packs/${picture.id}.webp`)
      expect(picture.id).toMatch(/^[0-9a-f]{64}$/)

      const sizes = await api.db
        .select({ hash: packImages.hash, width: packImages.width, height: packImages.height })
        .from(packImages)
        .where(inArray(packImages.source, await sourcesOf(picture.id)))
      expect(sizes).toHaveLength(pictureSizes.length)
      const kind = pictureKind(bytes)
      if (!kind) throw new Error('not a picture')
      for (const box of pictureSizes) {
        const scale = Math.min(1, box.width / kind.width, box.height / kind.height)
        const size = sizes.find((one) => one.width === Math.round(kind.width * scale))
        expect(size, `${name} at ${box.scale}x`).toMatchObject({
          height: Math.round(kind.height * scale),
        })
        if (!size) continue
        const served = await media(`${size.hash}.webp`)
        expect(served.status).toBe(200)
        expect(served.headers.get('Content-Type')).toBe('image/webp')
        expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
        const body = new Uint8Array(await served.arrayBuffer())
        expect(pictureKind(body)).toEqual({
          type: 'image/webp',
          width: size.width,
          height: size.height,
        })
        const pixels = await decodePicture('image/webp', body)
        expect([pixels.width, pixels.height]).toEqual([size.width, size.height])
      }
      // The pack's `image` is the largest size, the 2x one the grid draws on a tablet.
      const largest = sizes.reduce((a, b) => (a.width >= b.width ? a : b))
      expect(picture.id).toBe(largest.hash)
    }
    // Six encodings and six decodings: seconds on a busy machine.
  }, 120_000)

  async function storedCount() {
    return (await api.db.select({ hash: packImages.hash }).from(packImages)).length
  }

  /** The uploads a stored size came from. */
  async function sourcesOf(hash: string) {
    const rows = await api.db
      .select({ source: packImages.source })
      .from(packImages)
      .where(eq(packImages.hash, hash))
    return rows.map((row) => row.source)
  }

  it('answers the same picture twice with the same hash, stores it once and audits it once', async () => {
    const { token } = await admin()
    const bytes = pngOf(300, 420)
    const first = await upload(token, pictureForm(bytes, 'a.png'))
    const again = await upload(token, pictureForm(bytes, 'renamed.png'))
    expect(first.status).toBe(200)
    expect(again.body).toEqual(first.body)
    const { id } = expectShape(dataEnvelope(pictureSchema), first.body).data
    const rows = await api.db
      .select({ hash: packImages.hash })
      .from(packImages)
      .where(inArray(packImages.source, await sourcesOf(id)))
    expect(rows).toHaveLength(2)
    const audits = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `image:${id}`))
    expect(audits.map((row) => row.action)).toEqual(['pack.imageUpload'])
    // A small picture is never enlarged: both sizes are the picture's own size once it fits.
    const tiny = expectShape(
      dataEnvelope(pictureSchema),
      (await upload(token, pictureForm(pngOf(20, 30)))).body,
    ).data
    const served = await media(tiny.image)
    expect(pictureKind(new Uint8Array(await served.arrayBuffer()))).toMatchObject({
      width: 20,
      height: 30,
    })
  })

  it('refuses by content: a renamed text file, an SVG, a GIF, a damaged picture, no file', async () => {
    const { token } = await admin()
    const before = await storedCount()
    const text = new TextEncoder().encode('Not a picture at all.\n')
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    )
    const gif = new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;')
    const png = pngOf(40, 40)
    const damaged = png.slice(0, 60)
    const lying = pngOf(40, 40, undefined, { width: 41, height: 40 })
    const type = { status: 400, code: catalogueMessages.pictureType.id, fields: ['file'] }
    const unreadable = {
      status: 400,
      code: catalogueMessages.pictureUnreadable.id,
      fields: ['file'],
    }
    expect(refusal(await upload(token, pictureForm(text, 'pack.png')))).toEqual(type)
    expect(refusal(await upload(token, pictureForm(svg, 'pack.svg', 'image/svg+xml')))).toEqual(
      type,
    )
    expect(refusal(await upload(token, pictureForm(svg, 'pack.png', 'image/png')))).toEqual(type)
    expect(refusal(await upload(token, pictureForm(gif, 'pack.gif', 'image/gif')))).toEqual(type)
    expect(refusal(await upload(token, pictureForm(damaged)))).toEqual(unreadable)
    expect(refusal(await upload(token, pictureForm(lying)))).toEqual(unreadable)
    const other = new FormData()
    other.append('picture', new Blob([png.slice()]), 'pack.png')
    expect(refusal(await upload(token, other))).toEqual({
      status: 400,
      code: messages.required.id,
      fields: ['file'],
    })
    const json = await post(token, '/packages/image', { file: 'x' })
    expect(refusal(json)).toMatchObject({ status: 400, code: messages.invalidRequest.id })
    // The message is translated, and names the rule.
    const answer = expectShape(errorEnvelopeSchema, (await upload(token, pictureForm(text))).body)
    expect(answer.message).toBe('The picture must be a PNG, JPEG or WebP image.')
    expect(await storedCount()).toBe(before)
  })

  it('refuses a picture over 2 MB (400) or a body over its limit (413), and over 4,000 px', async () => {
    const { token } = await admin()
    const before = await storedCount()
    // A PNG header for 5,000 x 100: refused by its header, before any pixel is decoded.
    const wide = pngOf(40, 10, undefined, { width: 5000, height: 100 })
    expect(refusal(await upload(token, pictureForm(wide)))).toEqual({
      status: 400,
      code: catalogueMessages.pictureDimensions.id,
      fields: ['file'],
    })
    const png = pngOf(40, 40)
    const padded = new Uint8Array(2 * 1024 * 1024 + 1)
    padded.set(png)
    expect(refusal(await upload(token, pictureForm(padded)))).toEqual({
      status: 400,
      code: catalogueMessages.pictureTooLarge.id,
      fields: ['file'],
    })
    const huge = new Uint8Array(2 * 1024 * 1024 + 200 * 1024)
    huge.set(png)
    const tooLarge = await upload(token, pictureForm(huge))
    expect(refusal(tooLarge)).toMatchObject({ status: 413, code: messages.requestTooLarge.id })
    // Nothing refused was stored.
    expect(await storedCount()).toBe(before)
  })

  it('creates, changes and retires a pack: gone from the tablets’ search, still readable', async () => {
    const caller = await admin()
    const agent = await signedInCaller(api, 'agent', null, 'Catalogue')
    const picture = expectShape(
      dataEnvelope(pictureSchema),
      (await upload(caller.token, pictureForm(pngOf(270, 360)))).body,
    ).data
    const family = uniqueWord('Family')
    const form = { type: 'HTS', brandFamily: family, brandName: 'Aurum Test', image: picture.image }
    const key = randomUUID()
    const created = await post(caller.token, '/packages/create', form, key)
    expect(created.status).toBe(201)
    const pack = expectShape(dataEnvelope(packRowSchema), created.body).data
    expect(pack).toMatchObject({ ...form, active: true, src: `/media/packs/${picture.id}.webp` })
    const replay = await post(caller.token, '/packages/create', form, key)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect(expectShape(dataEnvelope(packRowSchema), replay.body).data.id).toBe(pack.id)
    expect(refusal(await post(caller.token, '/packages/create', form))).toMatchObject({
      status: 409,
      code: catalogueMessages.packExists.id,
    })
    // An image no upload made is refused, naming the field.
    const unknown = { ...form, brandName: 'Other', image: `./packs/${'0'.repeat(64)}.webp` }
    expect(refusal(await post(caller.token, '/packages/create', unknown))).toEqual({
      status: 400,
      code: catalogueMessages.imageUnknown.id,
      fields: ['image'],
    })

    const search = async (token: string, extra: Record<string, string> = {}) => {
      const query = new URLSearchParams({ type: 'HTS', brandFamily: family, ...extra })
      const response = await api.request('GET', `/packages/search?${query}`, { token })
      return response
    }
    const families = async (token: string) => {
      const response = await api.request(
        'GET',
        `/packages/search?type=HTS&family=true&query=${family}`,
        { token },
      )
      return JSON.stringify(response.body)
    }
    expect(
      expectShape(dataEnvelope(packRowListSchema), (await search(agent.token)).body).data.rows,
    ).toEqual([pack])

    const updated = await post(
      caller.token,
      '/packages/update',
      { ...form, id: pack.id, brandName: 'Aurum Renamed' },
      randomUUID(),
    )
    expect(updated.status).toBe(200)
    expect(expectShape(dataEnvelope(packRowSchema), updated.body).data).toMatchObject({
      brandName: 'Aurum Renamed',
      active: true,
    })

    // A seeded pack's SVG stays when it is changed; another SVG path no upload made is refused.
    const seeded = await createPack(api, {
      type: 'RMC',
      brandFamily: family,
      brandName: 'Svg',
      image: './packs/aurum-gold.svg',
    })
    const kept = await post(caller.token, '/packages/update', {
      id: seeded.id,
      type: 'RMC',
      brandFamily: family,
      brandName: 'Svg Two',
      image: seeded.image,
    })
    expect(kept.status).toBe(200)
    const swapped = await post(caller.token, '/packages/update', {
      id: seeded.id,
      type: 'RMC',
      brandFamily: family,
      brandName: 'Svg Two',
      image: './packs/other.svg',
    })
    expect(refusal(swapped)).toMatchObject({ status: 400, code: catalogueMessages.imageUnknown.id })

    const retired = await post(caller.token, '/packages/retire', { id: pack.id }, randomUUID())
    expect(retired.status).toBe(200)
    const row = expectShape(dataEnvelope(packRowSchema), retired.body).data
    expect(row).toMatchObject({ id: pack.id, active: false, image: picture.image })
    // Gone from what the tablets search, families included; the admin still finds it.
    expect(
      expectShape(dataEnvelope(packRowListSchema), (await search(agent.token)).body).data.rows,
    ).toEqual([])
    expect(await families(agent.token)).not.toContain(family)
    expect(await families(caller.token)).not.toContain(family)
    const listed = expectShape(
      dataEnvelope(packRowListSchema),
      (await search(caller.token, { includeRetired: 'true' })).body,
    ).data.rows
    expect(listed).toEqual([row])
    expect(refusal(await search(agent.token, { includeRetired: 'true' }))).toMatchObject({
      status: 403,
      code: messages.forbidden.id,
    })
    // Its picture stays served: stored trials hold the pack object with its image path.
    expect((await media(picture.image)).status).toBe(200)
    // Retiring again changes nothing.
    expect((await post(caller.token, '/packages/retire', { id: pack.id })).status).toBe(200)

    const audits = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `pack:${pack.id}`))
    expect(audits.map((one) => [one.action, one.detail])).toEqual([
      ['pack.create', 'HTS'],
      ['pack.update', 'HTS'],
      ['pack.retire', 'HTS'],
    ])
    expect(
      refusal(await post(caller.token, '/packages/retire', { id: 2_000_000_000 })),
    ).toMatchObject({
      status: 404,
      code: catalogueMessages.packNotFound.id,
    })
  })

  it('creates a stick of a new colour and a device, changes and retires them', async () => {
    const caller = await signedInCaller(api, 'super', null, 'Catalogue')
    const agent = await signedInCaller(api, 'agent', null, 'Catalogue')
    const color = uniqueWord('teal')
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '')
      .slice(0, 40)
    const name = uniqueWord('Aurum Teal')
    const stickForm = { type: 'Stick', name, color, swatch: '#1a9e8f' }
    const created = await post(caller.token, '/internal-products/create', stickForm, randomUUID())
    expect(created.status).toBe(201)
    const stick = expectShape(dataEnvelope(productRowSchema), created.body).data
    expect(stick).toMatchObject({ ...stickForm, active: true })
    expect(
      refusal(
        await post(caller.token, '/internal-products/create', { ...stickForm, name: uniqueWord() }),
      ),
    ).toMatchObject({
      status: 409,
      code: catalogueMessages.stickColorTaken.id,
    })
    const badKey = await post(caller.token, '/internal-products/create', {
      ...stickForm,
      color: 'Teal Blue',
      swatch: 'red',
    })
    expect(refusal(badKey)).toMatchObject({ status: 400, fields: ['color', 'swatch'] })

    const device = expectShape(
      dataEnvelope(productRowSchema),
      (
        await post(caller.token, '/internal-products/create', {
          type: 'Device',
          name: uniqueWord('Aura'),
        })
      ).body,
    ).data
    expect(device).toMatchObject({ type: 'Device', color: null, swatch: null, active: true })

    const sticks = async (token: string, extra: Record<string, string> = {}) => {
      const query = new URLSearchParams({ type: 'Stick', query: name, ...extra })
      const response = await api.request('GET', `/internal-products/search?${query}`, { token })
      return expectShape(dataEnvelope(productRowListSchema), response.body).data.rows
    }
    expect(await sticks(agent.token)).toEqual([stick])

    const renamed = await post(caller.token, '/internal-products/update', {
      ...stickForm,
      id: stick.id,
      name: `${name} Two`,
      swatch: '#117766',
    })
    expect(expectShape(dataEnvelope(productRowSchema), renamed.body).data).toMatchObject({
      name: `${name} Two`,
      swatch: '#117766',
      color,
    })
    // Its type stays.
    const retyped = await post(caller.token, '/internal-products/update', {
      id: stick.id,
      type: 'Device',
      name,
    })
    expect(refusal(retyped)).toMatchObject({ status: 400, fields: ['type'] })

    expect(
      (await post(caller.token, '/internal-products/retire', { id: stick.id }, randomUUID()))
        .status,
    ).toBe(200)
    expect((await post(caller.token, '/internal-products/retire', { id: device.id })).status).toBe(
      200,
    )
    expect(await sticks(agent.token)).toEqual([])
    expect(await sticks(caller.token, { includeRetired: 'true' })).toEqual([
      expect.objectContaining({ id: stick.id, active: false }),
    ])
    // A retired stick's colour key stays taken: old trials are keyed by it.
    expect(
      refusal(
        await post(caller.token, '/internal-products/create', { ...stickForm, name: uniqueWord() }),
      ),
    ).toMatchObject({
      status: 409,
      code: catalogueMessages.stickColorTaken.id,
    })
    const audits = await api.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.target, [`product:${stick.id}`, `product:${device.id}`]))
    expect(audits.map((one) => [one.action, one.target, one.detail])).toEqual([
      ['product.create', `product:${stick.id}`, `Stick ${color}`],
      ['product.create', `product:${device.id}`, 'Device'],
      ['product.update', `product:${stick.id}`, `Stick ${color}`],
      ['product.retire', `product:${stick.id}`, `Stick ${color}`],
      ['product.retire', `product:${device.id}`, 'Device'],
    ])
  })

  it('refuses experts and managers every management call', async () => {
    for (const role of ['agent', 'manager'] as const) {
      const { token } = await signedInCaller(api, role, null, 'Catalogue')
      expect(refusal(await upload(token, pictureForm(pngOf(10, 10))))).toMatchObject({
        status: 403,
      })
      for (const [path, body] of [
        ['/packages/create', { type: 'HTS', brandFamily: 'X', brandName: 'Y', image: null }],
        ['/packages/update', { id: 1, type: 'HTS', brandFamily: 'X', brandName: 'Y', image: null }],
        ['/packages/retire', { id: 1 }],
        ['/internal-products/create', { type: 'Device', name: 'X' }],
        ['/internal-products/update', { id: 1, type: 'Device', name: 'X' }],
        ['/internal-products/retire', { id: 1 }],
      ] as const) {
        expect(refusal(await post(token, path, body)), `${role} ${path}`).toMatchObject({
          status: 403,
          code: messages.forbidden.id,
        })
      }
    }
  })

  it('keeps serving the seeded SVG artwork and answers 404 for a picture it does not have', async () => {
    const svg = await media('./packs/aurum-gold.svg')
    expect(svg.status).toBe(200)
    expect(svg.headers.get('Content-Type')).toMatch(/^image\/svg\+xml\b/)
    expect((await media(`./packs/${'a'.repeat(64)}.webp`)).status).toBe(404)
  })
})
