import { afterEach, expect, it, vi } from 'vitest'
import { MemoryStorage } from '../../support/memory-storage.ts'

const person = (id: number, fullname: string) => ({
  id,
  role: 'agent' as const,
  fullname,
  expertStore: null,
})

/** The people module of a page on the device's storage (a reload keeps `localStorage`). */
async function page(storage = new MemoryStorage(), tabletPeople?: string) {
  vi.resetModules()
  // The build's settings, as vite.config.ts defines them.
  vi.stubEnv('VITE_ALLOWED_EMAIL_DOMAINS', 'example.com')
  vi.stubEnv('VITE_SUPPORT_EMAIL', 'podrska@example.me')
  vi.stubEnv('VITE_TIME_ZONE', 'Europe/Podgorica')
  vi.stubEnv('VITE_APP_VERSION', '1.0.0+abc1234')
  if (tabletPeople !== undefined) vi.stubEnv('VITE_TABLET_PEOPLE', tabletPeople)
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('sessionStorage', new MemoryStorage())
  return { people: await import('../../../src/api/people.ts'), storage }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

it('lists the people who opened the app here, the most recent first, after a reload too', async () => {
  const { people, storage } = await page()
  people.rememberPerson(person(7, 'Ana Petrović'))
  people.rememberPerson(person(8, 'Marko Ilić'))
  people.rememberPerson(person(7, 'Ana Petrović'))
  expect(people.peopleOnTablet().map((one) => one.id)).toEqual([7, 8])
  const reloaded = await page(storage)
  expect(reloaded.people.peopleOnTablet().map((one) => one.id)).toEqual([7, 8])
  // Signed out on purpose: only the password brings them back.
  reloaded.people.forgetPerson(7)
  expect(reloaded.people.peopleOnTablet().map((one) => one.id)).toEqual([8])
})

it('keeps the configured number (6 unless set), the one not seen longest dropping off', async () => {
  const { people } = await page()
  for (let id = 1; id <= 7; id += 1) people.rememberPerson(person(id, `Person ${id}`))
  expect(people.peopleOnTablet().map((one) => one.id)).toEqual([7, 6, 5, 4, 3, 2])
  const few = await page(new MemoryStorage(), '2')
  for (let id = 1; id <= 3; id += 1) few.people.rememberPerson(person(id, `Person ${id}`))
  expect(few.people.peopleOnTablet().map((one) => one.id)).toEqual([3, 2])
})

it('reads a list it cannot understand as nobody, and names each by first name and initial', async () => {
  const storage = new MemoryStorage()
  storage.setItem('people', '{"not": "a list"')
  const { people } = await page(storage)
  expect(people.peopleOnTablet()).toEqual([])
  expect(people.shortName('Ana Marija Petrović')).toBe('Ana P.')
  expect(people.shortName('  Marko  ')).toBe('Marko')
})
