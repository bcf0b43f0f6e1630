import { describe, expect, it } from 'vitest'
import {
  brandFamilyListSchema,
  packRowListSchema,
  productRowListSchema,
} from '../../src/contract/catalogue.ts'
import { dataEnvelope, pageSize } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { createUser, signIn, uniqueWord } from './support/fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'
import { createPack, createProduct } from './support/trial-fixtures.ts'

const assetBaseUrl = 'https://cdn.example.test/assets/'

describe.each(databases)('the catalogue on $name', (database) => {
  const api = useApi(database, { assetBaseUrl })
  let tokenPromise: Promise<string> | undefined
  /** Any signed-in user may search: an agent here. */
  function token() {
    tokenPromise ??= createUser(api).then((agent) => signIn(api, agent))
    return tokenPromise
  }

  async function get(path: string, params: Record<string, string>) {
    const response = await api.request('GET', `${path}?${new URLSearchParams(params)}`, {
      token: await token(),
      language: 'en',
    })
    return response
  }

  async function families(params: Record<string, string>) {
    const response = await get('/packages/search', { family: 'true', ...params })
    expect(response.status).toBe(200)
    return expectShape(dataEnvelope(brandFamilyListSchema), response.body).data
  }

  async function packsOf(params: Record<string, string>) {
    const response = await get('/packages/search', params)
    expect(response.status).toBe(200)
    return expectShape(dataEnvelope(packRowListSchema), response.body).data
  }

  async function productsOf(params: Record<string, string>) {
    const response = await get('/internal-products/search', params)
    expect(response.status).toBe(200)
    return expectShape(dataEnvelope(productRowListSchema), response.body).data
  }

  it('lists the brand families of a type once each, sorted by name', async () => {
    const word = uniqueWord('F')
    for (const [family, name] of [
      ['Gamma', 'One'],
      ['Alpha', 'One'],
      ['Alpha', 'Two'],
      ['Beta', 'One'],
      ['Alpha', 'Three'],
    ] as const) {
      await createPack(api, { type: 'HTS', brandFamily: `${word} ${family}`, brandName: name })
    }
    await createPack(api, { type: 'RMC', brandFamily: `${word} Delta`, brandName: 'One' })

    const mine = await families({ type: 'HTS', query: word })
    expect(mine).toEqual({
      rows: ['Alpha', 'Beta', 'Gamma'].map((family) => ({
        brandFamily: `${word} ${family}`,
        type: 'HTS',
      })),
      count: 3,
    })
    const all = await families({ type: 'HTS' })
    const names = all.rows.map((row) => row.brandFamily)
    expect(new Set(names).size).toBe(names.length)
    expect(all.count).toBe(names.length)
    const lower = names.map((name) => name.toLowerCase())
    expect(lower).toEqual([...lower].sort())
    expect(all.rows.every((row) => row.type === 'HTS')).toBe(true)
    expect((await families({ type: 'RMC', query: word })).rows).toEqual([
      { brandFamily: `${word} Delta`, type: 'RMC' },
    ])
  })

  it('answers the packs of one family, filtered by brand name without case or marks', async () => {
    const family = uniqueWord('Fam')
    const gold = await createPack(api, {
      type: 'HTS',
      brandFamily: family,
      brandName: `${family} Zlatni`,
      image: './packs/zlatni.svg',
    })
    const frost = await createPack(api, {
      type: 'HTS',
      brandFamily: family,
      brandName: `${family} Šumski`,
    })
    await createPack(api, { type: 'HTS', brandFamily: `${family}x`, brandName: `${family} Zlatni` })
    await createPack(api, { type: 'RMC', brandFamily: family, brandName: `${family} Crveni` })

    const all = await packsOf({ type: 'HTS', brandFamily: family })
    expect(all).toEqual({
      rows: [
        { ...frost, src: null },
        { ...gold, src: `${assetBaseUrl}packs/zlatni.svg` },
      ],
      count: 2,
    })
    for (const query of ['šumski', 'SUMSKI', 'umsk']) {
      const found = await packsOf({ type: 'HTS', brandFamily: family, query })
      expect(found.rows.map((row) => row.id)).toEqual([frost.id])
    }
    expect(await packsOf({ type: 'HTS', brandFamily: family, query: 'nema' })).toEqual({
      rows: [],
      count: 0,
    })
    // Without a family: every pack of the type that matches.
    const anyFamily = await packsOf({ type: 'HTS', query: `${family} zlatni` })
    expect(anyFamily.count).toBe(2)
  })

  it('needs a known pack type', async () => {
    const cases = [
      [{}, 'type', messages.required.message],
      [{ type: 'cigar' }, 'type', messages.invalid.message],
      [{ type: 'HTS', family: 'yes' }, 'family', messages.invalid.message],
    ] as const
    for (const [params, field, message] of cases) {
      const response = await get('/packages/search', params)
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ message, invalidFields: [{ field, message }] })
    }
  })

  it('answers the products of a type by name, 20 a page, filtered by name', async () => {
    const word = uniqueWord('P')
    const total = pageSize + 3
    const sticks = []
    for (let index = total - 1; index >= 0; index -= 1) {
      const name = `${word} Štapić ${String(index).padStart(2, '0')}`
      sticks.push(await createProduct(api, { type: 'Stick', name, color: 'gold' }))
    }
    const device = await createProduct(api, { type: 'Device', name: `${word} Uređaj` })

    const first = await productsOf({ type: 'Stick', query: word })
    const second = await productsOf({ type: 'Stick', query: word, page: '2' })
    expect(first.count).toBe(total)
    expect(first.rows).toHaveLength(pageSize)
    expect(second.rows).toHaveLength(3)
    const expected = [...sticks].sort((a, b) => (a.name < b.name ? -1 : 1)).map((row) => row.id)
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(expected)
    expect(first.rows[0]).toEqual({
      id: expected[0],
      name: `${word} Štapić 00`,
      type: 'Stick',
      color: 'gold',
      swatch: null,
      active: true,
    })

    expect(await productsOf({ type: 'Device', query: `${word} UREDJ` })).toEqual({
      rows: [],
      count: 0,
    })
    expect(await productsOf({ type: 'Device', query: `${word} uređ` })).toEqual({
      rows: [device],
      count: 1,
    })
    expect((await productsOf({ type: 'Stick', query: `${word} stapic 07` })).count).toBe(1)
  })

  it('needs a known product type', async () => {
    for (const type of ['', 'Cigar']) {
      const response = await get('/internal-products/search', type ? { type } : {})
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        invalidFields: [{ field: 'type', message: expect.any(String) as unknown }],
      })
    }
  })

  it('needs a signed-in user', async () => {
    for (const path of [
      '/packages/search?type=HTS&family=true',
      '/internal-products/search?type=Stick',
    ]) {
      const response = await api.request('GET', path, { language: 'en' })
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ message: 'invalid token' })
    }
  })

  it('lets pages and the service worker load images from the asset origin', async () => {
    const response = await api.request('GET', '/health')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("img-src 'self' data: blob: https://cdn.example.test")
    expect(policy).toContain("connect-src 'self' https://cdn.example.test")
  })
})
