import { test, expect, signIn, demo, expectAccessible } from './fixtures.ts'
import { answerUpToContact, enterValidContact } from './trial-driver.ts'

test('in multiple mode each stick keeps its place in the order of tries beside its count', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await page.goto('/free-guided-trial')
  await answerUpToContact(page)
  await enterValidContact(page, 'sticks@example.com', '+381641234567')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { name: 'Sticks tried', level: 2 })).toBeVisible()

  await page.getByRole('button', { name: 'Multiple' }).click()
  const gold = page.getByRole('button', { name: /^Gold/ })
  const tan = page.getByRole('button', { name: /^Tan/ })
  await gold.click()
  await tan.click()
  await gold.click()
  await expect(gold).toHaveAccessibleName('Gold, order 1, count 2')
  await expect(tan).toHaveAccessibleName('Tan, order 2, count 1')
  // What is drawn says the same: the place and the count, each on its own mark.
  const marks = (stick: typeof gold) =>
    stick
      .locator('[data-mark]')
      .evaluateAll((each) => each.map((mark) => mark.getAttribute('data-mark')))
  expect(await marks(gold)).toEqual(['1', '×2'])
  expect(await marks(tan)).toEqual(['2', '×1'])
  await expectAccessible(page)
})

test('the brand list filters as each letter is typed, with no wait', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await page.goto('/free-guided-trial')
  await page.getByRole('radio', { name: 'Female', exact: true }).click()
  await page.getByRole('radio', { name: '25–34' }).click()
  await page.getByRole('button', { name: 'Heated tobacco (HTS)' }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  const brand = page.getByRole('combobox', { name: 'Brand family' })
  await brand.fill('r')
  const aurum = page.getByRole('option', { name: 'Aurum' })
  await expect(aurum).toBeVisible()

  // With the page's timers stopped, a search that waited for a pause in typing would never run.
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 60_000)
  await brand.fill('ter')
  await expect(page.getByRole('option', { name: 'Terra' })).toBeVisible()
  await expect(aurum).toHaveCount(0)
})
