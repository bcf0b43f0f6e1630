import { describe, expect, it } from 'vitest'
import { dataEnvelope, pageSize } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { storeListSchema, storeSchema } from '../../src/contract/stores.ts'
import { createStore, createUser, signIn, uniqueWord } from './support/fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'

describe.each(databases)('stores on $name', (database) => {
  const api = useApi(database)
  let tokenPromise: Promise<string> | undefined
  /** Any signed-in user may search: an agent here. */
  function token() {
    tokenPromise ??= createUser(api).then((agent) => signIn(api, agent))
    return tokenPromise
  }

  async function search(query: string, page?: number | string) {
    const params = new URLSearchParams({ query })
    if (page !== undefined) params.set('page', String(page))
    const response = await api.request('GET', `/store/search?${params}`, { token: await token() })
    expect(response.status).toBe(200)
    return expectShape(dataEnvelope(storeListSchema), response.body).data
  }

  async function names(query: string) {
    return (await search(query)).rows.map((row) => row.name)
  }

  it('finds stores by name, address or city, without regard to case', async () => {
    const word = uniqueWord('q')
    const byName = await createStore(api, { name: `Trafika ${word.toUpperCase()}` })
    const byAddress = await createStore(api, { name: 'Kiosk A', address: `Ulica ${word} 5` })
    const byCity = await createStore(api, { name: 'Kiosk B', city: `Grad${word}` })
    const result = await search(word)
    expect(result.count).toBe(3)
    expect(result.rows.map((row) => row.id).sort()).toEqual(
      [byName.id, byAddress.id, byCity.id].sort(),
    )
  })

  it('finds Serbian and Montenegrin letters with or without their marks', async () => {
    const word = uniqueWord('d')
    const store = await createStore(api, { name: `Trafika Čačak Šumadija ${word}` })
    for (const query of [`čačak šumadija ${word}`, `CACAK SUMADIJA ${word}`]) {
      expect(await names(query)).toEqual([store.name])
    }
  })

  it('answers rows in the contract shape, with the creation time as ISO text', async () => {
    const store = await createStore(api, { country: 'ME', city: 'Podgorica' })
    const { rows } = await search(store.name)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: store.id,
      name: store.name,
      address: store.address,
      city: 'Podgorica',
      country: 'ME',
    })
    expect(rows[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it('leaves out archived stores', async () => {
    const word = uniqueWord('a')
    const open = await createStore(api, { name: `Otvorena ${word}` })
    await createStore(api, { name: `Zatvorena ${word}`, archived: true })
    expect(await names(word)).toEqual([open.name])
  })

  it('takes % and _ in the query as plain characters', async () => {
    const word = uniqueWord('w')
    const percent = await createStore(api, { name: `${word} 100% duvan` })
    await createStore(api, { name: `${word} 100 duvan` })
    const underscore = await createStore(api, { name: `${word} a_b` })
    await createStore(api, { name: `${word} axb` })
    expect(await names(`${word} 100%`)).toEqual([percent.name])
    expect(await names('a_b')).toEqual([underscore.name])
    expect(await names(`%${word}`)).toEqual([])
  })

  it('pages by name and id, counting every match; page 0 is page 1', async () => {
    const word = uniqueWord('p')
    const total = pageSize + 5
    const made = []
    for (let index = 0; index < total; index += 1) {
      // Two stores share each name, so that the id decides between them.
      made.push(
        await createStore(api, {
          name: `${word} ${String(Math.floor(index / 2)).padStart(2, '0')}`,
        }),
      )
    }
    const first = await search(word, 1)
    const second = await search(word, 2)
    expect(first.count).toBe(total)
    expect(second.count).toBe(total)
    expect(first.rows).toHaveLength(pageSize)
    expect(second.rows).toHaveLength(5)

    const expected = [...made]
      .sort((a, b) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1))
      .map((store) => store.id)
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(expected)

    for (const page of [0, undefined, 'abc', -3]) {
      expect((await search(word, page)).rows.map((row) => row.id)).toEqual(
        first.rows.map((row) => row.id),
      )
    }
    const beyond = await search(word, 3)
    expect(beyond).toEqual({ rows: [], count: total })
  })

  it('answers one store by id', async () => {
    const store = await createStore(api)
    const response = await api.request('GET', `/store/${store.id}`, { token: await token() })
    expect(response.status).toBe(200)
    const { data } = expectShape(dataEnvelope(storeSchema), response.body)
    expect(data).toMatchObject({ id: store.id, name: store.name, address: store.address })
  })

  it('answers 404 store.notFound for an unknown, archived or malformed id', async () => {
    const archived = await createStore(api, { archived: true })
    for (const id of [archived.id, 2_000_000_000, 99_999_999_999, 'abc', '1e3', '-1', '0']) {
      const response = await api.request('GET', `/store/${id}`, {
        token: await token(),
        language: 'me',
      })
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ message: 'Prodavnica nije pronađena' })
    }
  })

  it('needs a signed-in user', async () => {
    const store = await createStore(api)
    for (const path of ['/store/search?query=a', `/store/${store.id}`]) {
      const response = await api.request('GET', path, { language: 'en' })
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ message: 'invalid token' })
    }
  })

  it('refuses a query longer than 200 characters', async () => {
    const response = await api.request('GET', `/store/search?query=${'a'.repeat(201)}`, {
      token: await token(),
      language: 'en',
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      message: messages.tooLong.message,
      invalidFields: [{ field: 'query', message: messages.tooLong.message }],
    })
  })
})
