import { readFileSync } from 'node:fs'
import { SignJWT } from 'jose'
import { finishSignIn } from '../support/sign-in.ts'
import { test, expect, signIn, demo, demoPassword } from './fixtures.ts'

/** A token the e2e server would accept, but whose time ran out an hour ago. */
async function expiredToken(userId: number): Promise<string> {
  const secret = new TextEncoder().encode(
    readFileSync(`${process.env.E2E_DATA_DIR ?? ''}/jwt-secret`, 'utf8').trim(),
  )
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('brand-expert-api')
    .setAudience('brand-expert-pwa')
    .setSubject(String(userId))
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(secret)
}

test('a session whose token has expired is sent to sign in, and comes back after it', async ({
  page,
}) => {
  await signIn(page, demo.admin.email)
  await expect(page).toHaveURL('/')
  const stored = await page.evaluate(() => localStorage.getItem('session'))
  const session = JSON.parse(stored ?? '{}') as { user: { id: number } }
  const token = await expiredToken(session.user.id)
  // The token the device keeps (encrypted) runs out: from now on the server sees an expired one.
  await page.route('**/api/v1/**', (route) => {
    const headers = route.request().headers()
    if (!headers.authorization?.startsWith('Bearer ')) return route.continue()
    return route.continue({ headers: { ...headers, authorization: `Bearer ${token}` } })
  })

  await page.goto('/settings')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings/)
  await page.unroute('**/api/v1/**')
  await page.getByLabel('Email').fill(demo.admin.email)
  await page.getByLabel('Password', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await finishSignIn(page)
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
})

test('a trial the server refuses for an expired session sends its author to sign in, and goes after it', async ({
  page,
}) => {
  const marker = `Expired session e2e ${Date.now()}`
  await signIn(page, demo.agent.email)
  await expect(page).toHaveURL('/')
  // The session runs out while the trial is being sent: the server answers 401 `jwt expired`.
  await page.route('**/api/v1/free-guided/form', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'jwt expired' }),
    }),
  )
  await page.goto('/free-guided-trial/simple')
  await page.getByRole('combobox', { name: 'Store' }).fill('Niš')
  await page.getByRole('option').first().click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(marker)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/login/)

  await page.unroute('**/api/v1/free-guided/form')
  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/free-guided/form') && response.status() === 201,
  )
  await page.getByLabel('Email').fill(demo.agent.email)
  await page.getByLabel('Password', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await finishSignIn(page)
  const body = (await sent).request().postDataJSON() as { comment: string }
  expect(body.comment).toBe(marker)
  await page.goto('/outbox')
  await expect(page.getByText('Every finished trial has reached the server.')).toBeVisible()
})

test('a manager opening an admin screen is told there is no access, inside the app and still signed in', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await page.goto('/users')
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible()
  await expect(page.getByText('You are signed in as: Store manager.')).toBeVisible()
  await expect(page).toHaveURL('/users')
  // The header stays: still signed in, with a way home.
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('link', { name: 'Start a free guided trial' })).toBeVisible()
})

test('opening the sign-in page while signed in steps the user away: no session, one name to tap', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  // The home now asks for sign-in: the session is gone, also after the start's refresh answered.
  await page.waitForTimeout(500)
  await page.goto('/')
  await expect(page).toHaveURL(/\/login/)
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull()
  await expect(
    page.getByRole('region', { name: 'Who is working?' }).getByRole('button'),
  ).toHaveCount(1)
})
