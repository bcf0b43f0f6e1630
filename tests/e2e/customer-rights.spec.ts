import { readFile } from 'node:fs/promises'
import type { Download, Page } from '@playwright/test'
import { setupI18n } from '@lingui/core'
import type { CustomerList } from '../../src/contract/customers.ts'
import type { CustomerExport, TrialContactExport } from '../../src/contract/customer-rights.ts'
import { idempotencyHeader } from '../../src/contract/http.ts'
import type { Trial } from '../../src/contract/trial.ts'
import { messages as meMessages } from '../../src/locales/me/messages.ts'
import { guidedAnswers, trialBody } from '../support/trial-body.ts'
import {
  test,
  expect,
  signIn,
  demo,
  expectAccessible,
  apiLogin,
  apiGet,
  apiPost,
} from './fixtures.ts'

/**
 * The customers' rights (docs/behaviour.md#customers-rights): an admin exports and erases a
 * consumer's personal data, and a person's known only from trials; nobody else sees the controls.
 */

test.describe.configure({ timeout: 90_000 })

/** The server's messages in Montenegrin, as the compiled catalog has them. */
const me = setupI18n({ locale: 'me', messages: { me: meMessages } })

/** A demo consumer with an email and a phone whom no other test opens. */
async function demoCustomer(token: string, request: Parameters<typeof apiGet>[0]) {
  const found = await apiGet<CustomerList>(request, token, 'customer/search', {
    query: 'Medojević',
  })
  const customer = found.rows.findLast((row) => row.email !== null && row.phone !== null)
  if (!customer?.email) throw new Error('no demo consumer with an email and a phone')
  return { ...customer, email: customer.email }
}

/** The file a click saves, once it is saved. */
async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  return download
}

async function textOf(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8')
}

/** Counts the erasures the page sends. */
function countErasures(page: Page): () => number {
  let sent = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/customer/erase')) sent += 1
  })
  return () => sent
}

test.describe('in Montenegrin', () => {
  test.use({ appLocale: 'me' })

  test("an admin exports a consumer's data and erases it once, with a reason", async ({
    page,
    request,
  }) => {
    const admin = await apiLogin(request, demo.admin.email)
    const customer = await demoCustomer(admin.token, request)
    const erasures = countErasures(page)
    await signIn(page, demo.admin.email)
    await page.goto(`/customers/${customer.id}/overview`)
    const data = page.getByRole('region', { name: 'Lični podaci' })

    // The JSON export holds the consumer's own record.
    const json = await downloadOf(page, () =>
      data.getByRole('button', { name: 'Izvezi (JSON)' }).click(),
    )
    expect(json.suggestedFilename()).toBe(`customer-${customer.id}.json`)
    const exported = JSON.parse(await textOf(json)) as CustomerExport
    expect(exported.customerId).toBe(customer.id)
    expect(exported.profile.email).toBe(customer.email)
    await expect(data.getByRole('status')).toHaveText(`Preuzeto: customer-${customer.id}.json`)

    // The readable page, as a file named by the server.
    const html = await downloadOf(page, () =>
      data.getByRole('button', { name: 'Izvezi (stranica)' }).click(),
    )
    expect(html.suggestedFilename()).toBe(`customer-${customer.id}.html`)
    expect(await textOf(html)).toContain(customer.email)

    // The question: focus inside, a reason required, a plain word about what stays.
    await data.getByRole('button', { name: 'Obriši lične podatke…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Obrisati lične podatke ovog potrošača?' })
    await expect(dialog.getByRole('radio').first()).toBeFocused()
    await expect(dialog).toContainText('Ovo se ne može poništiti.')
    await expectAccessible(page)
    const erase = dialog.getByRole('button', { name: 'Obriši', exact: true })
    await erase.click()
    await expect(dialog.getByText(me._('validation.required'))).toBeVisible()
    expect(erasures()).toBe(0)

    // Two quick presses erase once.
    await dialog.getByRole('radio', { name: 'Osoba je to zatražila' }).check()
    await erase.dblclick()
    await expect(dialog).toHaveCount(0)
    await expect(page.locator('[data-kind="success"]')).toContainText(me._('customer.erased'))
    await expect(page.locator('[data-kind="success"]')).toHaveCount(1)
    expect(erasures()).toBe(1)

    // The profile, read again, says so and takes the focus; the exports stay.
    const notice = page.getByText(/^Lični podaci obrisani su dana \d/)
    await expect(notice).toBeVisible()
    await expect(notice).toBeFocused()
    await expect(data.getByRole('button', { name: 'Obriši lične podatke…' })).toHaveCount(0)
    await expect(data.getByRole('button', { name: 'Izvezi (JSON)' })).toBeVisible()
    await expect(page.getByText(customer.email)).toHaveCount(0)
    await expectAccessible(page)

    // The search no longer finds, nor shows, the erased email.
    await page.goto(`/customers?query=${encodeURIComponent(customer.email)}`)
    await expect(page.getByText('Nijedan potrošač ne odgovara ovoj pretrazi.')).toBeVisible()
    await page.goto(`/customers?query=${encodeURIComponent('Medojević')}`)
    await expect(page.getByRole('table', { name: 'Rezultati' })).toBeVisible()
    await expect(page.getByText(customer.email)).toHaveCount(0)
  })
})

test('a manager and a brand expert see no personal data controls', async ({ page, request }) => {
  const admin = await apiLogin(request, demo.admin.email)
  const customer = await demoCustomer(admin.token, request)
  for (const account of [demo.manager, demo.agent]) {
    await signIn(page, account.email)
    await expect(page).toHaveURL('/')
    await page.goto(`/customers/${customer.id}/overview`)
    await expect(page.getByRole('heading', { name: 'Contact and codes' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Personal data' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /Export|Erase/ })).toHaveCount(0)
    await page.goto('/customers')
    await expect(page.getByRole('heading', { name: 'Find a consumer' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'A person known only from trials' })).toHaveCount(0)
    // Nor the screen itself.
    await page.goto('/customers/trial-contact')
    await expect(
      page.getByRole('heading', { name: 'A person known only from trials' }),
    ).toHaveCount(0)
  }
})

test("an admin finds a person known only from trials, exports and erases their trials' contact", async ({
  page,
  request,
}) => {
  // A trial whose contact no consumer has.
  const email = `trial.person.${Date.now()}@example.rs`
  const agent = await apiLogin(request, demo.agent.email)
  const answers = guidedAnswers()
  const created = await apiPost(
    request,
    agent.token,
    'free-guided/form',
    trialBody(1, { ...answers, email: { email, privacyPolicy: true, analizeData: true } }),
    { [idempotencyHeader]: crypto.randomUUID() },
  )
  const trialId = ((await created.json()) as { data: { id: number } }).data.id
  const admin = await apiLogin(request, demo.admin.email)
  const stored = await apiGet<Trial>(request, admin.token, `questionnaire/${trialId}`)
  const erasures = countErasures(page)

  await signIn(page, demo.admin.email)
  await page.goto('/customers')
  await page.getByRole('link', { name: 'A person known only from trials' }).click()
  await expect(page).toHaveURL('/customers/trial-contact')
  const form = page.getByRole('form', { name: "Find the person's trials" })

  // Bad input: the contract's messages, by the field they concern.
  await form.getByRole('button', { name: 'Find' }).click()
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(
    'Enter the email or the phone the person gave in their trials.',
  )
  // Spaces are the person's way of writing a phone; too few digits are not.
  await form.getByLabel('Phone').fill('+381 64 12')
  await form.getByRole('button', { name: 'Find' }).click()
  await expect(form.getByLabel('Phone')).toHaveAccessibleDescription(
    /Enter the phone in the international form, such as \+381641234567\./,
  )
  await form.getByLabel('Phone').fill('')
  await form.getByLabel('Email').fill('not an email')
  await form.getByRole('button', { name: 'Find' }).click()
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(/Must be a valid email\./)

  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Find' }).click()
  const trials = page.getByRole('table', { name: 'Trials found' })
  await expect(trials.getByRole('row')).toHaveCount(2)
  await expect(trials.getByRole('row').nth(1)).toContainText(stored.store.name)
  await expect(trials.getByRole('row').nth(1)).toContainText(stored.user.fullname)
  await expect(
    page.getByText('No consumer has this email or phone: the trials are all that is held.'),
  ).toBeVisible()
  await expectAccessible(page)

  const data = page.getByRole('region', { name: 'Personal data' })
  const json = await downloadOf(page, () =>
    data.getByRole('button', { name: 'Export (JSON)' }).click(),
  )
  const exported = JSON.parse(await readFile(await json.path(), 'utf8')) as TrialContactExport
  expect(exported.email).toBe(email)
  expect(exported.trials.map((trial) => trial.id)).toEqual([trialId])

  await data.getByRole('button', { name: 'Erase…' }).click()
  const dialog = page.getByRole('dialog', {
    name: "Erase this person's contact from their trials?",
  })
  await dialog.getByRole('radio', { name: 'Consent withdrawn' }).check()
  await dialog.getByRole('button', { name: 'Erase', exact: true }).dblclick()
  await expect(dialog).toHaveCount(0)
  const outcome = page.getByText(/^Contact and free texts removed from 1 trial on \w/)
  await expect(outcome).toBeFocused()
  expect(erasures()).toBe(1)
  await expect(data.getByRole('button', { name: 'Erase…' })).toHaveCount(0)

  // The trial's page says its contact was removed, and no longer shows it.
  await trials.getByRole('link').first().click()
  await expect(page).toHaveURL(`/surveys/${trialId}`)
  await expect(page.getByText(/^Contact and free texts removed on \w/)).toBeVisible()
  await expect(page.getByText(email)).toHaveCount(0)
  await expectAccessible(page)
})
