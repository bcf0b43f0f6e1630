import { test, expect, signIn, demo } from './fixtures.ts'

test('with no connection a reload of an app screen still shows the app', async ({
  page,
  context,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  // Wait until the service worker has precached the shell and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)

  await context.setOffline(true)
  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('link', { name: /^Hello, / })).toBeVisible()
  await context.setOffline(false)
})
