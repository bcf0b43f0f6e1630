import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { brandFamilyListSchema, packListSchema } from '../../src/contract/catalogue.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { stickColors } from '../../src/contract/trial-options.ts'
import { cataloguePacks } from '../../server/demo/catalogue-data.ts'
import { packSvg } from '../../server/demo/pack-art.ts'
import { packs, products } from '../../server/db/schema/catalogue.ts'
import { seedDemo } from '../../server/demo/seed.ts'
import { createUser, signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'

describe.each(databases)('the demo catalogue on $name', (database) => {
  const api = useApi(database)

  it('has 4 HTS families of 4 to 6 packs and 5 RMC families of 3 to 5, some without a picture', async () => {
    await seedDemo(api.db, api.clock.now)
    await seedDemo(api.db, api.clock.now)
    const rows = await api.db.select().from(packs)
    expect(rows).toHaveLength(cataloguePacks.length)
    const sizes = (type: string) => {
      const families = new Map<string, number>()
      for (const row of rows.filter((pack) => pack.type === type)) {
        families.set(row.brandFamily, (families.get(row.brandFamily) ?? 0) + 1)
      }
      return [...families.values()]
    }
    expect(sizes('HTS')).toHaveLength(4)
    expect(sizes('HTS').every((size) => size >= 4 && size <= 6)).toBe(true)
    expect(sizes('RMC')).toHaveLength(5)
    expect(sizes('RMC').every((size) => size >= 3 && size <= 5)).toBe(true)
    const withoutImage = rows.filter((row) => row.image === null).length
    expect(withoutImage / rows.length).toBeGreaterThan(0.08)
    expect(withoutImage / rows.length).toBeLessThan(0.18)
  })

  it('has one stick per stick colour and five devices', async () => {
    await seedDemo(api.db, api.clock.now)
    const rows = await api.db.select().from(products)
    const sticks = rows.filter((row) => row.type === 'Stick')
    expect(sticks.map((row) => row.color).sort()).toEqual([...stickColors].sort())
    expect(sticks.map((row) => row.name)).toContain('Aurum Tan')
    const devices = rows.filter((row) => row.type === 'Device')
    expect(devices.map((row) => row.name).sort()).toEqual(
      ['Aura Duo', 'Aura Lil', 'Aura One', 'Aura Prime', 'Aura Pro'].sort(),
    )
    expect(devices.every((row) => row.color === null)).toBe(true)
    const [total] = await api.db.select({ count: count() }).from(products)
    expect(total?.count).toBe(13)
  })

  it('has committed artwork for every pack with a picture, small and up to date', () => {
    for (const pack of cataloguePacks) {
      if (pack.image === null) continue
      const file = join(api.config.mediaDir, pack.image)
      expect(statSync(file).size).toBeLessThan(2048)
      expect(readFileSync(file, 'utf8')).toBe(packSvg(pack))
    }
  })

  it('serves the families and the pack pictures through the API', async () => {
    await seedDemo(api.db, api.clock.now)
    const token = await signIn(api, await createUser(api))
    const families = await api.request('GET', '/packages/search?family=true&type=HTS', { token })
    expect(
      expectShape(dataEnvelope(brandFamilyListSchema), families.body).data.rows.map(
        (row) => row.brandFamily,
      ),
    ).toEqual(['Aurum', 'Nordic', 'Terra', 'Velora'])

    const aurum = await api.request('GET', '/packages/search?type=HTS&brandFamily=Aurum', { token })
    const { rows } = expectShape(dataEnvelope(packListSchema), aurum.body).data
    expect(rows.map((row) => row.brandName)).toEqual([
      'Aurum Amber',
      'Aurum Bronze',
      'Aurum Gold',
      'Aurum Silver',
      'Aurum Turquoise',
    ])
    const gold = rows.find((row) => row.brandName === 'Aurum Gold')
    expect(gold).toMatchObject({
      image: './packs/aurum-gold.svg',
      src: '/media/packs/aurum-gold.svg',
    })
    expect(rows.find((row) => row.brandName === 'Aurum Bronze')).toMatchObject({
      image: null,
      src: null,
    })

    const image = await fetch(`${api.url}${gold?.src ?? ''}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toContain('image/svg+xml')
    expect(image.headers.get('cache-control')).toContain('max-age=2592000')
    expect(await image.text()).toContain('AURUM')
  })
})
