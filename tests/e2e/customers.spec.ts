import type { Page } from '@playwright/test'
import type { CustomerList } from '../../src/contract/customers.ts'
import { idempotencyHeader } from '../../src/contract/http.ts'
import {
  test,
  expect,
  signIn,
  demo,
  demoPassword,
  expectAccessible,
  apiLogin,
  apiGet,
  apiPost,
  controlledByServiceWorker,
  deviceStorageAsText,
  keptOnDevice,
} from './fixtures.ts'
import { finishSignIn } from '../support/sign-in.ts'
import { guidedAnswers, trialBody } from '../support/trial-body.ts'

// Each test walks several screens and runs axe on each: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

/** Searches on /customers and opens the first consumer found; returns their name. */
async function openFirstCustomer(page: Page, query: string) {
  await page.goto('/customers')
  await page.getByLabel('Email, phone, referral code or name').fill(query)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const results = page.getByRole('table', { name: 'Results' })
  const link = results.getByRole('link').first()
  await expect(link).toBeVisible()
  const name = (await link.innerText()).trim()
  await link.click()
  await expect(page).toHaveURL(/\/customers\/\d+\/overview$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  return name
}

test('a manager searches consumers by name and by referral code, page by page', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await page.goto('/customers')
  await expectAccessible(page)

  const search = page.getByLabel('Email, phone, referral code or name')
  await search.fill('Petrović')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/\/customers\?query=Petrovi/)
  const results = page.getByRole('table', { name: 'Results' })
  await expect(page.getByText(/^\d+ consumers found$/)).toBeVisible()
  await expect(results.getByRole('row')).toHaveCount(21)
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect.poll(() => results.getByRole('row').count()).toBeGreaterThan(21)
  await expectAccessible(page)

  // The search is in the URL: a reload keeps it.
  const first = results.getByRole('link').first()
  const name = (await first.innerText()).trim()
  const code = (await results.getByRole('row').nth(1).getByRole('cell').nth(2).innerText()).trim()
  await page.reload()
  await expect(search).toHaveValue('Petrović')
  await expect(results.getByRole('link').first()).toHaveText(name)

  // A referral code finds exactly its consumer.
  await search.fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('1 consumer found')).toBeVisible()
  await expect(results.getByRole('link')).toHaveText(name)
})

test('a manager opens a consumer and reads each tab', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  const name = await openFirstCustomer(page, 'Jovanović')
  const tabs = page.getByRole('navigation', { name: 'Consumer profile' })
  await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')
  for (const heading of [
    'Contact and codes',
    'Visit notes',
    'Devices',
    'Orders',
    'E-commerce statuses',
    'Previous communication',
    'Service cases',
    'Reclamations',
  ])
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible()
  const code = (await page.locator('dt:text-is("Referral code") + dd').innerText()).trim()
  await expectAccessible(page)

  await tabs.getByRole('link', { name: 'Loyalty' }).click()
  await expect(page).toHaveURL(/\/loyalty$/)
  await expect(page.getByRole('heading', { name: 'Points by earning rule' })).toBeVisible()
  await expect(page.getByText('Points spent')).toBeVisible()
  await expectAccessible(page)

  await tabs.getByRole('link', { name: 'Referrals (MGM)' }).click()
  await expect(page).toHaveURL(/\/mgm$/)
  await expect(page.getByRole('heading', { name: 'Referred consumers' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Referral code' })).toContainText(code)
  await expectAccessible(page)

  await tabs.getByRole('link', { name: 'Trials' }).click()
  await expect(page).toHaveURL(/\/survey$/)
  await expect(page.getByRole('heading', { name: 'Free guided trials' })).toBeVisible()
  await expectAccessible(page)

  // The tabs replace each other in history: Back returns to the search, which the URL kept.
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/customers\?query=Jovanovi/)
  await expect(
    page.getByRole('table', { name: 'Results' }).getByRole('link', { name }).first(),
  ).toBeVisible()
})

test('a search that matches nobody says so', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await page.goto('/customers?query=zzzz-nobody')
  await expect(page.getByText('No consumer matches this search.')).toBeVisible()
})

test('a manager adds a visit note and sees it first in the list', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await openFirstCustomer(page, 'Marković')

  const form = page.getByRole('form', { name: 'New visit note' })
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByText('This field is required')).toHaveCount(2)

  const comment = `Asked about the new colours (${Date.now()})`
  await form.getByRole('radio', { name: 'Service' }).check()
  await form.getByLabel('Comment').fill(comment)
  // A double click saves one note.
  await form.getByRole('button', { name: 'Save' }).dblclick()

  await expect(page.locator('[data-kind="success"]')).toContainText('The visit note is saved.')
  await expect(page.locator('[data-kind="success"]')).toHaveCount(1)
  const notes = page.getByRole('list', { name: 'Earlier visits' })
  await expect(notes.getByRole('listitem').first()).toContainText(comment)
  await expect(notes.getByRole('listitem').first()).toContainText('Service')
  await expect(form.getByLabel('Comment')).toHaveValue('')
  await expectAccessible(page)

  // It is stored: a reload shows it first too.
  await page.reload()
  const stored = page.getByRole('list', { name: 'Earlier visits' }).getByRole('listitem')
  await expect(stored.first()).toContainText(comment)
  await expect(stored.filter({ hasText: comment })).toHaveCount(1)
})

test.describe('in Montenegrin', () => {
  test.use({ appLocale: 'me' })

  test('the consumer profile speaks Montenegrin', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Email').fill(demo.managerMe.email)
    await page.getByLabel('Lozinka', { exact: true }).fill(demoPassword)
    await page.getByRole('button', { name: 'Prijavi se' }).click()
    await finishSignIn(page)
    await expect(page).toHaveURL('/')
    await page.goto('/customers?query=Jovanovi%C4%87')
    await page.getByRole('table', { name: 'Rezultati' }).getByRole('link').first().click()
    await expect(page.getByRole('heading', { name: 'Bilješke o posjetama' })).toBeVisible()
    await page.getByRole('link', { name: 'Lojalnost' }).click()
    await expect(page.getByRole('heading', { name: 'Poeni po pravilu sticanja' })).toBeVisible()
    await expectAccessible(page)
  })
})

test('a search of two characters asks for three, and searches nothing', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await page.goto('/customers')
  await page.getByLabel('Email, phone, referral code or name').fill('Ma')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('Type at least 3 characters.')).toBeVisible()
  await expect(page.getByText('No consumer matches this search.')).toHaveCount(0)
})

test('a visit note counts the characters left from 80 % of its limit on', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await openFirstCustomer(page, 'Marković')
  const form = page.getByRole('form', { name: 'New visit note' })
  const comment = form.getByLabel('Comment')
  await comment.fill('x'.repeat(1_599))
  await expect(form.getByText(/characters? left/)).toHaveCount(0)
  await comment.fill('x'.repeat(1_600))
  await expect(form.getByText('400 characters left')).toBeVisible()
  await comment.fill('x'.repeat(1_988))
  await expect(form.getByText('12 characters left')).toBeVisible()
  // The field's description, read with it.
  await expect(comment).toHaveAccessibleDescription(/12 characters left/)
  await comment.fill('x'.repeat(1_999))
  await expect(form.getByText('1 character left', { exact: true })).toBeVisible()
  await comment.fill('x'.repeat(2_001))
  await expect(form.getByText(/characters? left/)).toHaveCount(0)
  await expect(form.getByText('At most 2,000 characters.')).toBeVisible()
  await expect(comment).toHaveAttribute('aria-invalid', 'true')
})

test('a visit note past 2,000 characters is kept whole, counted and refused', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await openFirstCustomer(page, 'Marković')
  const form = page.getByRole('form', { name: 'New visit note' })
  await form.getByRole('radio', { name: 'Info' }).check()
  const long = 'x'.repeat(2_010)
  await form.getByLabel('Comment').fill(long)
  // Nothing typed is cut off: the text is whole, and the one message for it says what to do.
  await expect(form.getByLabel('Comment')).toHaveValue(long)
  await expect(form.getByText('At most 2,000 characters.')).toBeVisible()
  let posted = 0
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/customer/form')) posted += 1
  })
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByLabel('Comment')).toHaveValue(long)
  expect(posted).toBe(0)
})

test.describe('in Serbian', () => {
  test.use({ appLocale: 'sr' })

  test("the trials tab opens a trial's answers in the words of the trial's page, offline and on a phone too", async ({
    page,
    context,
    request,
  }) => {
    // A trial a Brand Expert sent with a consumer's email: it is on that consumer's trials tab.
    const agent = await apiLogin(request, demo.agent.email)
    const found = await apiGet<CustomerList>(request, agent.token, 'customer/search', {
      query: 'Nikolić',
    })
    const customer = found.rows.find((row) => row.email !== null)
    if (!customer?.email) throw new Error('no demo consumer with an email')
    const pack = `Drina ${Date.now()}`
    const answers = guidedAnswers()
    await apiPost(
      request,
      agent.token,
      'free-guided/form',
      trialBody(1, {
        ...answers,
        habitsData: { ...answers.habitsData, RMC: { other: pack } },
        email: { email: customer.email, privacyPolicy: true, analizeData: true },
      }),
      { [idempotencyHeader]: crypto.randomUUID() },
    )

    await signIn(page, demo.manager.email)
    await expect(page).toHaveURL('/')
    await controlledByServiceWorker(page)
    await page.goto(`/customers/${customer.id}/survey`)
    await expect(page.getByRole('heading', { name: 'Besplatne vođene probe' })).toBeVisible()
    // The newest trial is first; its answers open under their own control.
    const first = page
      .getByRole('table', { name: 'Besplatne vođene probe' })
      .getByRole('row')
      .nth(1)
    await first.locator('summary').click()
    const lines = first.locator('details dl')
    await expect(lines.locator('dt').first()).toHaveText('Pol')
    await expect(lines.locator('dd').first()).toHaveText('Ženski')
    await expect(lines.locator('dt:text-is("Kupovina") + dd')).toHaveText('Da, kupio je')
    await expect(lines).toContainText(pack)
    // The contact matched the trial to the consumer and is on their overview: not repeated here.
    await expect(lines).not.toContainText(customer.email)
    await expectAccessible(page)

    // Kept on the tablet encrypted, with the answers: it opens with no connection, on a phone too.
    await keptOnDevice(page, ['customers', 'detail', customer.id, 'trials'])
    expect(await deviceStorageAsText(page)).not.toContain(pack)
    await page.setViewportSize({ width: 360, height: 800 })
    await context.setOffline(true)
    await page.goto(`/customers/${customer.id}/survey`)
    const card = page.getByRole('table', { name: 'Besplatne vođene probe' }).getByRole('row').nth(1)
    await card.locator('summary').click()
    await expect(card.locator('details dl')).toContainText(pack)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(360)
    await context.setOffline(false)
  })
})
