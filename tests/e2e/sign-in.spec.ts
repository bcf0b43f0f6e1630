import { test, expect, signIn, demo, expectAccessible } from './fixtures.ts'

test('a manager signs in and sees the vouchers and consumers tiles and the trial button', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('link', { name: /Vouchers/ })).toBeVisible()
  await expect(page.getByRole('link', { name: /Consumers/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Start a free guided trial' })).toBeVisible()
  await expect(page.getByRole('search')).toHaveCount(0)
  await expectAccessible(page)
})

test('an admin signs in and sees the user and store searches', async ({ page }) => {
  await signIn(page, demo.admin.email)
  await expect(page.getByRole('link', { name: `Hello, ${demo.admin.name}` })).toBeVisible()
  await expect(page.getByRole('search')).toHaveCount(2)
  await expect(page.getByRole('link', { name: /Vouchers/ })).toHaveCount(0)
  await page.getByLabel('Search stores by name, address or city').fill('Podgorica')
  await page
    .getByRole('search')
    .filter({ hasText: 'Stores' })
    .getByRole('button', { name: 'Search' })
    .click()
  await expect(page).toHaveURL(/\/stores\?query=Podgorica/)
  await expectAccessible(page)
})

test('a super user sees the manager view followed by the admin view', async ({ page }) => {
  await signIn(page, demo.super.email)
  await expect(page.getByRole('link', { name: 'Start a free guided trial' })).toBeVisible()
  await expect(page.getByRole('search')).toHaveCount(2)
})

test('a brand expert signs in and can start a trial', async ({ page }) => {
  await signIn(page, demo.agent.email)
  await expect(page.getByRole('link', { name: 'Start a free guided trial' })).toBeVisible()
  await expect(page.getByRole('search')).toHaveCount(0)
})

test('a wrong password is refused with a message and the user stays signed out', async ({
  page,
}) => {
  await signIn(page, demo.agent.email, 'Wrong!2345')
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.')
  await expect(page).toHaveURL(/\/login/)
})

test('the sign-in form shows errors only after a field is left', async ({ page }) => {
  await page.goto('/login')
  const email = page.getByLabel('Email')
  await email.fill('someone@gmail.com')
  await expect(page.getByText('Email is not valid')).toHaveCount(0)
  await email.blur()
  await expect(page.getByText('Email is not valid')).toBeVisible()
  await expectAccessible(page)
})

test('logging out goes to the sign-in page, and the app is closed until the next sign-in', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL('/login')
  await page.goto('/settings')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings/)
})

test('a brand expert opening an admin screen is told there is no access, still signed in', async ({
  page,
}) => {
  await signIn(page, demo.agent.email)
  await expect(page).toHaveURL('/')
  await page.goto('/stores')
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible()
  await expect(page.getByText('You are signed in as: Brand Expert.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0)
})

test("the password pages opened without their link's code say so at once", async ({ page }) => {
  await page.goto('/password-reset')
  await expect(page.getByRole('alert')).toContainText("the link's code is missing")
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveCount(0)
  await page.goto('/password-setup')
  await expect(page.getByRole('alert')).toContainText('ask your administrator for a new invitation')
})

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-screen')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('a signed-in start is asked for the home screen code with the page, and the sign-in page is not', async ({
  page,
}) => {
  await signIn(page, demo.agent.email)
  const trialButton = page.getByRole('link', { name: 'Start a free guided trial' })
  await expect(trialButton).toBeVisible()

  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.reload()
  await expect(trialButton).toBeVisible()
  const drawnWith = [...scripts]
  const asked = await page
    .locator('script[type=module][src], link[rel=modulepreload]')
    .evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('src') ?? element.getAttribute('href')),
    )
  // Every script the home was drawn with was named by the page, but the catalog parts of the
  // device's language (src/locales/*/{public,app}.ts) and what waits until after the first paint
  // (the offline warm-up).
  const unasked = drawnWith.filter(
    (path) => !asked.includes(path) && !/\/assets\/(public|app|warm-offline)-/.test(path),
  )
  expect(drawnWith.length).toBeGreaterThan(3)
  expect(unasked).toEqual([])

  const signInPage = await page.request.get('/login', { headers: { Accept: 'text/html' } })
  expect(await signInPage.text()).not.toContain('modulepreload')
})
