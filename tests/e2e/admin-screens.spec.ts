import type { Locator, Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { idempotencyHeader } from '../../src/contract/http.ts'
import { trialBody } from '../support/trial-body.ts'
import { test, expect, signIn, demo, apiLogin, apiPost } from './fixtures.ts'

/**
 * The administration's screens as an admin sees them at the widths they are used at: every action
 * of a table in sight, one navigation on every screen.
 */

test.describe.configure({ timeout: 60_000 })

/** Whether the page scrolls sideways, and whether `control` lies whole inside `within`. */
async function expectInside(page: Page, control: Locator, within: Locator) {
  await expect(control).toBeVisible()
  const [box, outer] = await Promise.all([control.boundingBox(), within.boundingBox()])
  if (!box || !outer) throw new Error('not drawn')
  expect(box.x).toBeGreaterThanOrEqual(outer.x)
  expect(box.x + box.width).toBeLessThanOrEqual(outer.x + outer.width)
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth)
  expect(sideways, 'the page scrolls sideways').toBe(false)
}

test('Forget this tablet is in sight on the devices screen at 768 px, each device a card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 })
  await signIn(page, demo.admin.email)
  await page.goto('/devices')
  const results = page.getByRole('region', { name: 'Devices' })
  const device = results.getByRole('row').filter({ hasText: demo.admin.name }).first()
  await expectInside(page, device.getByRole('button', { name: 'Forget this tablet' }), results)
  // A card: each value under its column's name, the row still a row of cells for a screen reader.
  await expect(device.getByRole('cell', { name: /App version/ })).toHaveCount(0)
  await expect(device.getByText('App version', { exact: true })).toBeVisible()
})

test('End session is in sight on the user page at 1366 px and at 360 px', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, demo.admin.email)
  await signIn(page, demo.admin.email)
  const sessions = page.getByRole('region', { name: 'Sessions' })
  for (const [width, height] of [
    [1366, 768],
    [360, 780],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.goto(`/users/${admin.id}/edit`)
    await expectInside(
      page,
      sessions.getByRole('button', { name: 'End session' }).first(),
      sessions,
    )
  }
})

const administration = [
  ['Dashboard', '/dashboard'],
  ['Review', '/review'],
  ['Reports', '/reports'],
  ['Audit log', '/audit'],
  ['Devices', '/devices'],
  ['Catalogue', '/catalogue'],
  ['Users', '/users'],
  ['Stores', '/stores'],
  ['Content', '/content'],
] as const

test('every administration screen has the one navigation, its own link marked as current', async ({
  page,
}) => {
  await signIn(page, demo.admin.email)
  const nav = page.getByRole('navigation', { name: 'Administration' })
  // Reached from the home, as an admin starts.
  await expect(nav.getByRole('link')).toHaveText(administration.map(([name]) => name))
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(0)
  for (const [name, path] of administration) {
    await nav.getByRole('link', { name }).click()
    await expect(page).toHaveURL(path)
    await expect(nav.getByRole('link')).toHaveText(administration.map(([name]) => name))
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
  }
})

test('the current item of the navigation and of the header reads at 4.5:1 or more', async ({
  page,
}) => {
  await signIn(page, demo.admin.email)
  for (const path of ['/', '/devices', '/settings']) {
    await page.goto(path)
    await expect(
      page.locator('header [aria-current="page"], nav [aria-current="page"]').first(),
    ).toBeVisible()
    const axe = await new AxeBuilder({ page })
      .include('header')
      .include('nav')
      .withRules(['color-contrast'])
      .analyze()
    expect(
      axe.violations.flatMap((violation) => violation.nodes.map((node) => node.target)),
    ).toEqual([])
    expect(axe.passes.length, 'axe looked at the colours').toBeGreaterThan(0)
  }
})

test('a text field with a limit counts down to it and takes no more', async ({ page }) => {
  await signIn(page, demo.admin.email)
  await page.goto('/audit')
  const field = page.getByRole('textbox', { name: 'Who or what' })
  await field.fill('a'.repeat(150))
  await expect(page.getByText(/characters? left/)).toHaveCount(0)
  await field.fill('a'.repeat(188))
  await expect(page.getByText('12 characters left')).toBeVisible()
  await field.pressSequentially('bbbbbbbbbbbbbbb')
  await expect(field).toHaveValue('a'.repeat(188) + 'b'.repeat(12))
  await expect(page.getByText('0 characters left')).toBeVisible()
})

test("the dashboard shows a long store's name whole, on more lines where it needs them", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, demo.admin.email)
  const name = `Duvan Centar Bijelo Polje Gornji Ibarski Put ${Date.now()}`
  const created = await apiPost(
    request,
    admin.token,
    'store/create',
    { name, address: 'Ibarski put 1', city: 'Bijelo Polje', country: 'ME' },
    { [idempotencyHeader]: crypto.randomUUID() },
  )
  const store = ((await created.json()) as { data: { id: number } }).data
  const agent = await apiLogin(request, demo.agent.email)
  await apiPost(request, agent.token, 'free-guided/form', trialBody(store.id, 'Long name'), {
    [idempotencyHeader]: crypto.randomUUID(),
  })
  await signIn(page, demo.admin.email)
  for (const [width, height] of [
    [1366, 768],
    [360, 780],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.goto('/dashboard')
    const label = page
      .getByRole('figure', { name: 'Trials per store' })
      .getByText(name, { exact: true })
    await expect(label, `at ${width} px`).toBeVisible()
    const whole = await label.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)
    expect(whole, `at ${width} px`).toBe(true)
  }
})
