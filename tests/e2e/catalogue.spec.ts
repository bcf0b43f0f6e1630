import type { APIRequestContext, Page } from '@playwright/test'
import * as v from 'valibot'
import { editionSchema, type EditionLists } from '../../src/contract/content-edition.ts'
import { idempotencyHeader } from '../../src/contract/http.ts'
import { gradient, pngOf } from '../api/support/pictures.ts'
import {
  test,
  expect,
  signIn,
  demo,
  expectAccessible,
  apiGet,
  apiLogin,
  apiPost,
} from './fixtures.ts'

// A picture uploaded and an axe check on each screen: slow on a busy machine.
test.describe.configure({ timeout: 180_000 })

/** Counts the POSTs the page sends to `path`. */
function countPosts(page: Page, path: string) {
  const sent = { count: 0 }
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/v1/${path}`)
      sent.count += 1
  })
  return sent
}

/** Opens a listed item's form from its list, by its name. */
async function openItem(page: Page, list: 'packs' | 'sticks' | 'devices', name: string) {
  await page.goto(`/catalogue?list=${list}`)
  await page.getByRole('link', { name, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/catalogue/${list}/\\d+$`))
}

/** Retires the open item, confirming with a double click: one request. */
async function retireOpenItem(page: Page, name: string, path: string) {
  const retires = countPosts(page, path)
  await page.getByRole('button', { name: 'Retire', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Retire ${name}?` })
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Yes, retire' }).dblclick()
  await expect(page).toHaveURL(/\/catalogue\?list=/)
  expect(retires.count).toBe(1)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) })
  await expect(row).toContainText('Retired')
}

/** Publishes a content edition whose stick colours are changed by `change`. */
async function publishStickColours(
  request: APIRequestContext,
  token: string,
  change: (colours: EditionLists['stickColors']) => EditionLists['stickColors'],
) {
  const once = () => ({ [idempotencyHeader]: crypto.randomUUID() })
  const edition = async (path: string, body: object) =>
    v.parse(
      v.object({ data: editionSchema }),
      await (await apiPost(request, token, path, body, once())).json(),
    ).data
  const draft = await edition('content/create', {})
  const { id, consents, consentAutoTick } = draft
  const lists = { ...draft.lists, stickColors: change(draft.lists.stickColors) }
  await edition('content/update', { id, lists, consents, consentAutoTick })
  await edition('content/publish', { id })
}

test('an admin adds a pack with its picture, renames it and retires it, each with one effect', async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  const family = `E2E Family ${stamp}`
  const name = `${family} Gold`
  await signIn(page, demo.admin.email)
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Catalogue' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible()
  // The seeded packs, each with its picture.
  await expect(page.getByRole('table', { name: 'HTS packs' }).locator('img').first()).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('link', { name: 'New pack' }).click()
  await expect(page).toHaveURL('/catalogue/packs/new')
  await page.getByRole('combobox', { name: 'Type' }).selectOption('RMC')
  await page.getByLabel('Brand family').fill(family)
  await page.getByLabel('Brand name').fill(name)

  // A text file named .png is refused, said at the field.
  const picture = page.getByLabel('Picture')
  await picture.setInputFiles({
    name: 'pack.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture at all\n'),
  })
  await expect(page.getByText('The picture must be a PNG, JPEG or WebP image.')).toBeVisible()
  await expect(picture).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)

  await picture.setInputFiles({
    name: 'pack.png',
    mimeType: 'image/png',
    buffer: Buffer.from(pngOf(30, 40, gradient(stamp % 256))),
  })
  const preview = page.getByRole('img', { name: "The pack's picture" })
  await expect(preview).toHaveAttribute('src', /^\/media\/packs\/[0-9a-f]{64}\.webp$/)
  await expect(page.getByText('The picture must be a PNG, JPEG or WebP image.')).toHaveCount(0)
  const src = await preview.getAttribute('src')

  const creates = countPosts(page, 'packages/create')
  await page.getByRole('button', { name: 'Save' }).dblclick()
  await expect(page).toHaveURL('/catalogue?list=packs')
  expect(creates.count).toBe(1)
  const row = page.getByRole('table', { name: 'RMC packs' }).getByRole('row', { name })
  await expect(row.locator('img')).toHaveAttribute('src', src ?? '')
  await expect
    .poll(() => row.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
  await expect(row).toContainText('Active')

  await openItem(page, 'packs', name)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit pack' })).toBeVisible()
  await expectAccessible(page)
  const renamed = `${family} Silver`
  await page.getByLabel('Brand name').fill(renamed)
  const updates = countPosts(page, 'packages/update')
  await page.getByRole('button', { name: 'Save' }).dblclick()
  await expect(page).toHaveURL('/catalogue?list=packs')
  expect(updates.count).toBe(1)
  await expect(page.getByRole('link', { name: renamed, exact: true })).toBeVisible()

  await openItem(page, 'packs', renamed)
  await retireOpenItem(page, renamed, 'packages/retire')

  const { token } = await apiLogin(request, demo.admin.email)
  const stored = await apiGet<{ rows: { brandName: string; active: boolean; image: string }[] }>(
    request,
    token,
    'packages/search',
    { type: 'RMC', brandFamily: family, includeRetired: 'true' },
  )
  expect(stored.rows).toEqual([
    expect.objectContaining({ brandName: renamed, active: false, image: `.${src?.slice(6)}` }),
  ])
})

test('an admin adds a stick of the edition’s new colour and a device, and retires each', async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  const key = `e2e-${stamp}`
  const { token } = await apiLogin(request, demo.admin.email)
  const labels = { me: `Boja ${stamp}`, sr: `Boja ${stamp}`, en: `Colour ${stamp}` }
  await publishStickColours(request, token, (colours) => [
    ...colours,
    { key, labels, active: true, swatch: '#1b6f8a' },
  ])

  await signIn(page, demo.admin.email)
  await page.goto('/catalogue?list=sticks')
  // The seeded sticks, each with its colour key.
  await expect(page.getByRole('table', { name: 'Sticks' })).toContainText('tan')
  await expectAccessible(page)
  await page.getByRole('link', { name: 'New stick' }).click()
  await expect(page).toHaveURL('/catalogue/sticks/new')
  const stick = `E2E Stick ${stamp}`
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill(stick)
  await page
    .getByRole('combobox', { name: 'Colour' })
    .selectOption({ label: `${labels.en} (${key})` })
  await expect(page.getByRole('textbox', { name: 'Swatch', exact: true })).toHaveValue('#1b6f8a')
  await expectAccessible(page)
  const stickCreates = countPosts(page, 'internal-products/create')
  await page.getByRole('button', { name: 'Save' }).dblclick()
  await expect(page).toHaveURL('/catalogue?list=sticks')
  expect(stickCreates.count).toBe(1)
  await expect(page.getByRole('row', { name: stick })).toContainText(`${labels.en} ${key}`)

  await openItem(page, 'sticks', stick)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit stick' })).toBeVisible()
  await retireOpenItem(page, stick, 'internal-products/retire')

  await page.goto('/catalogue?list=devices')
  await page.getByRole('link', { name: 'New device' }).click()
  const device = `E2E Device ${stamp}`
  await page.getByRole('textbox', { name: 'Device name' }).fill(device)
  const deviceCreates = countPosts(page, 'internal-products/create')
  await page.getByRole('button', { name: 'Save' }).dblclick()
  await expect(page).toHaveURL('/catalogue?list=devices')
  expect(deviceCreates.count).toBe(1)
  await expect(page.getByRole('row', { name: device })).toContainText('Active')
  await expectAccessible(page)
  await openItem(page, 'devices', device)
  await retireOpenItem(page, device, 'internal-products/retire')

  // The colour leaves new trials again.
  await publishStickColours(request, token, (colours) =>
    colours.map((colour) => (colour.key === key ? { ...colour, active: false } : colour)),
  )
})

test('a manager cannot open the catalogue', async ({ page }) => {
  await signIn(page, demo.manager.email)
  for (const path of ['/catalogue', '/catalogue/packs/new']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible()
  }
  await expect(page.getByRole('link', { name: 'Catalogue' })).toHaveCount(0)
})
