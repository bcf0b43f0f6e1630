import type { APIRequestContext, Locator, Page } from '@playwright/test'
import * as v from 'valibot'
import { packSchema } from '../../src/contract/catalogue.ts'
import { editionOneConsentTextIds } from '../support/consent-text-ids.ts'
import {
  test,
  expect,
  signIn,
  demo,
  expectAccessible,
  apiLogin,
  apiGet,
  controlledByServiceWorker,
} from './fixtures.ts'
import { answerUpToContact, answerUpToFinish } from './trial-driver.ts'

type Rows<T> = { rows: T[]; count: number }
type StoredTrial = { id: number; store: { id: number; name: string }; comment: unknown }

/** The trial as an admin reads it back from `GET /questionnaire/search`. */
async function storedTrial(request: APIRequestContext, id: number): Promise<StoredTrial> {
  const { token } = await apiLogin(request, demo.admin.email)
  const trials = await apiGet<Rows<StoredTrial>>(request, token, 'questionnaire/search')
  const trial = trials.rows.find((row) => row.id === id)
  if (!trial) throw new Error(`trial ${id} is not in the search`)
  return trial
}

/** Finishes the trial and answers the id the server gave it and the key it was sent with. */
async function finish(page: Page) {
  const request = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/free-guided/form'),
  )
  const response = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/free-guided/form'),
  )
  await page.getByRole('button', { name: 'Finish' }).click()
  const key = (await request).headers()['idempotency-key']
  const answer = await response
  expect(answer.status()).toBe(201)
  const { data } = (await answer.json()) as { data: { id: number } }
  await expect(page).toHaveURL(/\/free-guided-trial-success\?trial=/)
  await expect(page.getByRole('heading', { level: 1, name: 'The trial is saved' })).toBeVisible()
  // Sent at once: the page says the server has it, not only that it is saved.
  await expect(page.getByText("The customer's answers have reached the server.")).toBeVisible()
  return { id: data.id, key }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function step(page: Page, name: string) {
  return expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
}

test('an agent completes a trial with a store, HTS and RMC, two sticks and a purchase, and the stored trial is what was chosen', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const marker = `Liked it, e2e ${Date.now()}`
  const { token } = await apiLogin(request, demo.admin.email)
  const htsPacks = await apiGet<Rows<unknown>>(request, token, 'packages/search', {
    type: 'HTS',
    brandFamily: 'Terra',
  })
  const rmcPacks = await apiGet<Rows<unknown>>(request, token, 'packages/search', {
    type: 'RMC',
    brandFamily: 'Drava',
  })
  // A trial stores a pack's own fields, not the search's (`active`): what the contract keeps.
  const pack = (rows: unknown[], name: string) =>
    rows.map((row) => v.parse(packSchema, row)).find((row) => row.brandName === name)
  const devices = await apiGet<Rows<{ id: number; name: string }>>(
    request,
    token,
    'internal-products/search',
    { type: 'Device', query: 'Aura Duo' },
  )
  const sticks = await apiGet<Rows<{ id: number; name: string }>>(
    request,
    token,
    'internal-products/search',
    { type: 'Stick', query: 'Aurum Gold' },
  )

  await signIn(page, demo.agent.email)
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  const next = page.getByRole('button', { name: 'Next' })

  await step(page, 'Where does the trial take place?')
  await expect(page.getByText('Step 1 of 10')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Give up' })).toBeVisible()
  await expect(next).toBeDisabled()
  await expectAccessible(page)
  await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
  // The list follows the typing: read the first option once the list is the one for "Beo".
  await expect(page.getByRole('option').first()).toBeVisible()
  await expect(page.getByRole('option').filter({ hasNotText: /beo/i })).toHaveCount(0)
  const option = page.getByRole('option').first()
  const storeName = (await option.innerText()).split(',')[0] ?? ''
  await option.click()

  // Each new step's question takes the focus, so that keyboard and screen-reader users follow.
  await step(page, 'Gender')
  await expect(page.getByRole('heading', { level: 2, name: 'Gender' })).toBeFocused()
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('radio', { name: 'Female' }).click()

  await step(page, 'Age group')
  await expect(page.getByRole('heading', { level: 2, name: 'Age group' })).toBeFocused()
  await expectAccessible(page)
  await page.getByRole('radio', { name: '25–34' }).click()

  await step(page, 'Habits')
  await expect(next).toBeDisabled()
  await page.getByRole('button', { name: 'Heated tobacco (HTS)' }).click()
  await page.getByRole('button', { name: 'Cigarettes (RMC)' }).click()
  await expect(page.getByRole('button', { name: 'Cigarettes (RMC)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(page.getByText('Step 4 of 12')).toBeVisible()
  await expectAccessible(page)
  await next.click()

  await step(page, 'Heated tobacco (HTS)')
  await expect(next).toBeDisabled()
  await page.getByRole('combobox', { name: 'Brand family' }).fill('ter')
  await page.getByRole('option', { name: 'Terra' }).click()
  const oak = page.getByRole('button', { name: 'Terra Oak' })
  await oak.click()
  await expect(oak).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('button', { name: 'Terra Sun' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await expectAccessible(page)
  await next.click()

  await step(page, 'Cigarettes (RMC)')
  const other = page.getByRole('textbox', { name: 'Other brand' })
  await expect(other).toBeVisible()
  await page.getByRole('button', { name: 'Drava', exact: true }).click()
  await expect(other).toBeHidden()
  await page.getByRole('button', { name: 'Drava Red' }).click()
  await expectAccessible(page)
  await next.click()

  await step(page, 'Consumption (cigarettes a day)')
  await expectAccessible(page)
  await page.getByRole('radio', { name: '10–15' }).click()

  await step(page, 'How did the customer hear about us?')
  await page.getByRole('button', { name: 'A friend' }).click()
  await page.getByRole('button', { name: 'Social media' }).click()
  await expectAccessible(page)
  await next.click()

  await step(page, 'Email and phone')
  const email = page.getByRole('textbox', { name: 'Email' })
  await email.fill('kupac@')
  await expect(page.getByText('Must be a valid email.')).toBeHidden()
  await page.getByRole('button', { name: 'OK, check the email' }).click()
  await expect(page.getByText('Invalid', { exact: true })).toBeVisible()
  await expect(page.getByText('Must be a valid email.')).toBeVisible()
  await expect(next).toBeDisabled()
  await expectAccessible(page)
  await email.fill('kupac@example.com')
  await page.getByRole('button', { name: 'OK, check the email' }).click()
  await expect(page.getByText('Valid', { exact: true })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: /privacy policy/ })).toBeChecked()
  const analysis = page.getByRole('checkbox', { name: /data may be analysed/ })
  await expect(analysis).toBeChecked()
  await expectAccessible(page)
  // The person unticks and ticks again the box the app ticked: it is theirs from then on.
  await analysis.click()
  await expect(analysis).not.toBeChecked()
  await analysis.click()
  await expect(analysis).toBeChecked()
  await next.click()

  await step(page, 'Sticks tried')
  await expectAccessible(page)
  await page.getByRole('button', { name: /^Gold/ }).click()
  await page.getByRole('button', { name: /^Tan/ }).click()
  await expect(page.getByRole('button', { name: /^Gold/ })).toHaveAccessibleName('Gold, order 1')
  await expect(page.getByRole('button', { name: /^Tan/ })).toHaveAccessibleName('Tan, order 2')
  await expect(page.getByText('Step 10 of 17')).toBeVisible()
  await next.click()

  await step(page, 'Impressions: Gold')
  await page.getByRole('button', { name: 'Rich taste' }).click()
  await page.getByRole('button', { name: 'Aftertaste' }).click()
  await expectAccessible(page)
  await next.click()
  await step(page, 'Comment: Gold')
  await page.getByRole('textbox', { name: 'Comment on Gold' }).fill(marker)
  await expectAccessible(page)
  await next.click()
  await step(page, 'Impressions: Tan')
  await page.getByRole('button', { name: 'Too hot' }).click()
  await next.click()
  await step(page, 'Comment: Tan')
  await next.click()

  await step(page, 'Device')
  const deviceQueries: (string | null)[] = []
  page.on('request', (sent) => {
    const url = new URL(sent.url())
    if (
      url.pathname.endsWith('/internal-products/search') &&
      url.searchParams.get('type') === 'Device'
    )
      deviceQueries.push(url.searchParams.get('query'))
  })
  await page.getByRole('combobox', { name: 'Device' }).fill('duo')
  await page.getByRole('option', { name: 'Aura Duo' }).click()
  await page.waitForTimeout(600)
  // Nothing is asked for the chosen device's own name (docs/behaviour.md#validation).
  expect(deviceQueries).not.toContain('Aura Duo')
  await page.getByRole('button', { name: 'Design' }).click()
  await expectAccessible(page)
  await next.click()

  await step(page, 'Did the customer buy?')
  await expect(next).toBeDisabled()
  await page.getByRole('radio', { name: 'Yes, bought' }).click()
  await expectAccessible(page)
  await next.click()

  await step(page, 'Successful purchase')
  const finishButton = page.getByRole('button', { name: 'Finish' })
  await expect(finishButton).toBeDisabled()
  await page.getByRole('button', { name: 'Liked the taste' }).click()
  await expect(finishButton).toBeDisabled()
  await page.getByRole('button', { name: 'One more Aurum Gold' }).click()
  await page.getByRole('button', { name: 'One more Aurum Gold' }).click()
  await expect(page.getByRole('spinbutton', { name: 'Aurum Gold' })).toHaveValue('2')
  // A quantity can also be typed: tapping a stick's 0 opens its number field, focused.
  await page.getByRole('button', { name: 'Type the quantity of Aurum Tan: 0' }).click()
  await expect(page.getByRole('spinbutton', { name: 'Aurum Tan' })).toBeFocused()
  await page.keyboard.type('12')
  await expect(page.getByRole('spinbutton', { name: 'Aurum Tan' })).toHaveValue('12')
  await page.getByRole('button', { name: 'One less Aurum Tan' }).click()
  await expect(page.getByRole('spinbutton', { name: 'Aurum Tan' })).toHaveValue('11')
  await expectAccessible(page)
  const { id, key } = await finish(page)
  expect(key).toMatch(uuid)
  await expectAccessible(page)

  const trial = await storedTrial(request, id)
  expect(trial.store.name).toBe(storeName)
  expect(trial.comment).toEqual({
    gender: 'female',
    ageRange: '25-34',
    habits: 'RMC;HTS',
    habitsData: { HTS: pack(htsPacks.rows, 'Terra Oak'), RMC: pack(rmcPacks.rows, 'Drava Red') },
    consumption: '10-15',
    referalSource: ['friend', 'social-media'],
    email: { email: 'kupac@example.com', privacyPolicy: true, analizeData: true },
    consumptionOrder: ['gold', 'tan'],
    device: {
      id: devices.rows[0]?.id,
      name: 'Aura Duo',
      positive: ['design'],
      negative: [],
      neutral: [],
    },
    gold: { positive: ['taste-rich'], negative: ['aftertaste'], neutral: [] },
    goldComment: marker,
    tan: { positive: [], negative: ['too-hot'], neutral: [] },
    tanComment: '',
    shopping: 'yes',
    shoppingSuccess: {
      reason: ['taste'],
      device: null,
      sticks: [
        { id: sticks.rows[0]?.id, name: 'Aurum Gold', quantity: 2 },
        { id: expect.any(Number), name: 'Aurum Tan', quantity: 11 },
      ],
    },
  })

  // Each consent arrives as it was given: who ticked it, the id of its words, the locale shown.
  const detail = await apiGet<{ consents: unknown }>(request, token, `questionnaire/${id}`)
  expect(detail.consents).toEqual([
    {
      consent: 'privacyPolicy',
      given: true,
      tickedBy: 'app',
      textId: editionOneConsentTextIds.privacyPolicy,
      locale: 'en',
    },
    {
      consent: 'analizeData',
      given: true,
      tickedBy: 'person',
      textId: editionOneConsentTextIds.analizeData,
      locale: 'en',
    },
  ])

  // Back home replaces the success page: going back does not show it again.
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL('/')
  await page.goBack()
  await expect(page).not.toHaveURL(/free-guided-trial-success/)
})

test('a manager completes a trial at their own store, skipping the email and answering no', async ({
  page,
  request,
}) => {
  // The trial waits out a server that is down, and goes once the next probe finds it back.
  test.slow()
  const marker = `Will think about it, e2e ${Date.now()}`
  const manager = await apiLogin(request, demo.manager.email)

  await signIn(page, demo.manager.email)
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  const next = page.getByRole('button', { name: 'Next' })

  await step(page, 'Gender')
  await expect(page.getByText('Step 1 of 9')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Store' })).toHaveCount(0)
  await page.getByRole('radio', { name: 'Male', exact: true }).click()
  await page.getByRole('radio', { name: '56+' }).click()
  await step(page, 'Habits')
  await page.getByRole('button', { name: 'E-cigarettes (vape)' }).click()
  await page.getByRole('button', { name: 'Snus / nicotine pouches' }).click()
  await next.click()
  await page.getByRole('radio', { name: '0–5' }).click()
  await step(page, 'How did the customer hear about us?')
  await page.getByRole('button', { name: 'Other' }).click()
  await next.click()

  await step(page, 'Email and phone')
  await page.getByRole('textbox', { name: 'Email' }).fill('not-given@')
  await page.getByRole('button', { name: 'No email' }).click()

  await step(page, 'Sticks tried')
  await next.click()
  await step(page, 'Did the customer buy?')
  await page.getByRole('radio', { name: 'No, did not buy' }).click()
  await next.click()

  await step(page, 'Unsuccessful purchase')
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveAttribute('rows', '10')
  await page.getByRole('button', { name: 'Needs time to think' }).click()
  await page.getByRole('button', { name: 'Device price' }).click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(marker)
  await expectAccessible(page)

  // The server is down: the finished trial waits in the device's outbox, and reaches the server
  // later with the same Idempotency-Key, once.
  const keys: string[] = []
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/free-guided/form'))
      keys.push(sent.headers()['idempotency-key'] ?? '')
  })
  await page.route('**/api/v1/free-guided/form', (route) =>
    route.fulfill({ status: 503, json: { message: 'The service is down for a moment.' } }),
  )
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page).toHaveURL(/\/free-guided-trial-success\?trial=/)
  // Not sent yet: the page says where the answers are.
  await expect(page.getByText("The customer's answers are kept on this device")).toBeVisible()
  const waiting = page.getByRole('link', { name: /1 trial waiting/ })
  await expect(waiting).toBeVisible()
  await expect.poll(() => keys.length).toBeGreaterThan(0)
  await page.unroute('**/api/v1/free-guided/form')
  const stored = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' &&
      r.url().endsWith('/free-guided/form') &&
      r.status() === 201,
  )
  await waiting.click()
  // A 503 without the API's Request-Id is a server not reached: once it answers again, the outbox
  // sends by itself, without "Send now" (a light probe every 7 s notices it).
  const { data } = (await (await stored).json()) as { data: { id: number } }
  const id = data.id
  await expect(page.getByText('Every finished trial has reached the server.')).toBeVisible()
  expect(new Set(keys).size).toBe(1)
  expect(keys[0]).toMatch(uuid)

  const trial = await storedTrial(request, id)
  expect(trial.store.id).toBe(manager.expertStore?.id)
  expect(trial.comment).toEqual({
    gender: 'male',
    ageRange: '56+',
    habits: 'Vape;SNUS/NIKOTINSKE VREĆICE',
    habitsData: { HTS: null, RMC: null },
    consumption: '0-5',
    referalSource: ['other'],
    email: { privacyPolicy: false, analizeData: false },
    consumptionOrder: [],
    device: null,
    shopping: 'no',
    shoppingUnsuccess: { reason: ['price-device', 'needs-time'], comment: marker },
  })
})

/** Presses Tab until `target` has the focus (at most 80 times): reachable by keyboard. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error('not reachable with Tab')
}

test('a trial can be completed with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(60_000)
  const marker = `Keyboard e2e ${Date.now()}`
  await signIn(page, demo.managerMe.email)
  await expect(page).toHaveURL('/')
  await tabTo(page, page.getByRole('link', { name: 'Start a free guided trial' }))
  await page.keyboard.press('Enter')
  const next = page.getByRole('button', { name: 'Next' })

  await step(page, 'Gender')
  await tabTo(page, page.getByRole('radio', { name: 'Male', exact: true }))
  await page.keyboard.press('Space')

  // Arrow keys choose without leaving the step; Enter goes on.
  await step(page, 'Age group')
  await tabTo(page, page.getByRole('radio', { name: '18–24' }))
  // Held as a person holds a key: Radix moves the focus (and so the choice) in a timer after
  // keydown and only checks the focused radio while the arrow is still down.
  await page.keyboard.press('ArrowRight', { delay: 50 })
  await expect(page.getByRole('radio', { name: '25–34' })).toBeChecked()
  await step(page, 'Age group')
  await page.keyboard.press('Enter')

  await step(page, 'Habits')
  await tabTo(page, page.getByRole('button', { name: 'Heated tobacco (HTS)' }))
  await page.keyboard.press('Space')
  await tabTo(page, next)
  await page.keyboard.press('Enter')

  await step(page, 'Heated tobacco (HTS)')
  await tabTo(page, page.getByRole('combobox', { name: 'Brand family' }))
  await page.keyboard.type('Nord')
  await expect(page.getByRole('option', { name: 'Nordic' })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  const firstPack = page.getByRole('group', { name: 'Packs of Nordic' }).getByRole('button').first()
  await tabTo(page, firstPack)
  await page.keyboard.press('Enter')
  await expect(firstPack).toHaveAttribute('aria-pressed', 'true')
  await tabTo(page, next)
  await page.keyboard.press('Enter')

  await step(page, 'Consumption (cigarettes a day)')
  await tabTo(page, page.getByRole('radio', { name: '0–5' }))
  await page.keyboard.press('Space')

  await step(page, 'How did the customer hear about us?')
  await tabTo(page, page.getByRole('button', { name: 'An event' }))
  await page.keyboard.press('Space')
  await tabTo(page, next)
  await page.keyboard.press('Enter')

  await step(page, 'Email and phone')
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }))
  await page.keyboard.type('kupac@example.me')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Valid', { exact: true })).toBeVisible()
  await tabTo(page, next)
  await page.keyboard.press('Enter')

  await step(page, 'Sticks tried')
  await tabTo(page, page.getByRole('button', { name: /^Silver/ }))
  await page.keyboard.press('Space')
  await tabTo(page, next)
  await page.keyboard.press('Enter')
  await step(page, 'Impressions: Silver')
  await tabTo(page, page.getByRole('button', { name: 'No ash' }))
  await page.keyboard.press('Space')
  await tabTo(page, next)
  await page.keyboard.press('Enter')
  await step(page, 'Comment: Silver')
  await tabTo(page, page.getByRole('textbox', { name: 'Comment on Silver' }))
  await page.keyboard.type(marker)
  await tabTo(page, next)
  await page.keyboard.press('Enter')
  await step(page, 'Device')
  await tabTo(page, next)
  await page.keyboard.press('Enter')

  await step(page, 'Did the customer buy?')
  await tabTo(page, page.getByRole('radio', { name: 'Yes, bought' }))
  await page.keyboard.press('Space')
  await tabTo(page, next)
  await page.keyboard.press('Enter')

  await step(page, 'Successful purchase')
  await tabTo(page, page.getByRole('button', { name: 'Curiosity' }))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('combobox', { name: 'Device bought' }))
  await page.keyboard.type('Aura')
  await expect(page.getByRole('option').first()).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByRole('button', { name: 'Finish' }))
  const response = page.waitForResponse((r) => r.url().endsWith('/free-guided/form'))
  await page.keyboard.press('Enter')
  const { data } = (await (await response).json()) as { data: { id: number } }
  await expect(page).toHaveURL(/\/free-guided-trial-success\?trial=/)

  const trial = await storedTrial(request, data.id)
  expect(trial.comment).toMatchObject({
    gender: 'male',
    ageRange: '25-34',
    habits: 'HTS',
    consumption: '0-5',
    referalSource: ['event'],
    consumptionOrder: ['silver'],
    silver: { positive: ['no-ash'], negative: [], neutral: [] },
    silverComment: marker,
    shopping: 'yes',
    shoppingSuccess: { reason: ['curiosity'], sticks: [] },
  })

  await tabTo(page, page.getByRole('link', { name: 'Back to home' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/')
})

test('a pack without a picture, or whose picture fails, shows its name; the chosen pack scrolls into view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 640 })
  // On the context: the service worker's warm-up fetches the pack images too, and a page's route
  // does not see its requests (the picture would be cached and never fail).
  await page
    .context()
    .route('**/media/packs/velora-noir.svg', (route) => route.fulfill({ status: 404 }))
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await page.goto('/free-guided-trial')
  await page.getByRole('radio', { name: 'Female' }).click()
  await page.getByRole('radio', { name: '35–44' }).click()
  await page.getByRole('button', { name: 'Heated tobacco (HTS)' }).click()
  await page.getByRole('button', { name: 'Next' }).click()

  await page.getByRole('combobox', { name: 'Brand family' }).fill('Vel')
  await page.getByRole('option', { name: 'Velora' }).click()
  const packs = page.getByRole('group', { name: 'Packs of Velora' })
  await expect(packs.getByRole('button')).toHaveCount(6)
  await expect(packs.getByRole('img', { name: 'Velora Rose' })).toBeVisible()
  // No picture, and a picture that fails: the brand name as text.
  await expect(packs.getByRole('button', { name: 'Velora Tropic' })).toHaveText('Velora Tropic')
  await expect(packs.getByRole('button', { name: 'Velora Noir' })).toHaveText('Velora Noir')
  await expect(packs.getByRole('img', { name: 'Velora Noir' })).toHaveCount(0)

  const tropic = packs.getByRole('button', { name: 'Velora Tropic' })
  await tropic.click()
  await expect(tropic).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Next' }).click()
  await step(page, 'Consumption (cigarettes a day)')
  await page.getByRole('button', { name: 'Back' }).click()
  await step(page, 'Heated tobacco (HTS)')
  await expect(page.getByRole('button', { name: 'Velora Tropic' })).not.toBeInViewport()
  await expect(page.getByRole('button', { name: 'Velora Tropic' })).toBeInViewport()
  // Changing the family clears the pack.
  await page.getByRole('combobox', { name: 'Brand family' }).fill('Ter')
  await page.getByRole('option', { name: 'Terra' }).click()
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
})

test('the purchase step waits behind "Did the customer buy?" unseen: Tab and screen readers meet only the question, and its answers stay after Back', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await page.goto('/free-guided-trial')
  const next = page.getByRole('button', { name: 'Next' })
  await answerUpToContact(page)
  await page.getByRole('button', { name: 'No email' }).click()
  await next.click()
  await step(page, 'Did the customer buy?')
  await page.getByRole('radio', { name: 'Yes, bought' }).click()
  // The wizard draws the purchase step ahead while idle, hidden.
  const oneMoreGold = page.getByRole('button', { name: 'One more Aurum Gold', includeHidden: true })
  await expect(oneMoreGold).toBeAttached()
  await expect(oneMoreGold).toBeHidden()

  const question = page.getByRole('region', { name: 'Did the customer buy?' })
  expect(await question.ariaSnapshot()).not.toMatch(/Sticks bought|Aurum|Device bought/)
  // From the question, Tab meets the answer, then Back and Next: nothing of the step ahead.
  await page.getByRole('heading', { level: 2, name: 'Did the customer buy?' }).focus()
  for (const stop of [
    page.getByRole('radio', { name: 'Yes, bought' }),
    page.getByRole('button', { name: 'Back' }),
    next,
  ]) {
    await page.keyboard.press('Tab')
    await expect(stop).toBeFocused()
  }

  await next.click()
  await step(page, 'Successful purchase')
  await page.getByRole('button', { name: 'One more Aurum Gold' }).click()
  await page.getByRole('button', { name: 'Back' }).click()
  await step(page, 'Did the customer buy?')
  await expect(page.getByRole('spinbutton', { name: 'Aurum Gold' })).toHaveCount(0)
  await next.click()
  await step(page, 'Successful purchase')
  await expect(page.getByRole('spinbutton', { name: 'Aurum Gold' })).toHaveValue('1')
})

test('"No email" with a phone typed but not confirmed asks before going on without it', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await page.goto('/free-guided-trial')
  await answerUpToContact(page)
  await step(page, 'Email and phone')
  const phone = page.getByRole('textbox', { name: 'Phone' })
  await phone.fill('064 123 4567')
  await page.getByRole('button', { name: 'No email' }).click()
  const dialog = page.getByRole('dialog', { name: 'Go on without the phone?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Stay and confirm the phone' }).click()
  await step(page, 'Email and phone')
  await expect(phone).toHaveValue('064 123 4567')

  await page.getByRole('button', { name: 'No email' }).click()
  await dialog.getByRole('button', { name: 'Go on without the phone' }).click()
  await step(page, 'Sticks tried')
  await page.getByRole('button', { name: 'Back' }).click()
  await step(page, 'Email and phone')
  await expect(phone).toHaveValue('')

  // A phone confirmed with OK is kept, and nothing is asked.
  await phone.fill('064 123 4567')
  await page.getByRole('button', { name: 'OK, check the phone' }).click()
  await page.getByRole('button', { name: 'No email' }).click()
  await step(page, 'Sticks tried')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(phone).toHaveValue('064 123 4567')
})

test('a quick run of taps on Back keeps the trial: on the first step Back is disabled in its place', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await page.getByRole('radio', { name: 'Female', exact: true }).click()
  await page.getByRole('radio', { name: '25–34' }).click()
  await step(page, 'Habits')
  // The first button of the step bar is where Back is: taps there, as quick as a person's.
  const backPlace = page
    .getByRole('navigation', { name: 'Trial steps' })
    .getByRole('button')
    .first()
  for (let tap = 0; tap < 6; tap += 1) {
    const box = await backPlace.boundingBox()
    if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForTimeout(120)
  }
  await step(page, 'Gender')
  await expect(page).toHaveURL(/\/free-guided-trial\?step=1\b/)
  await expect(backPlace).toHaveAccessibleName('Back')
  await expect(backPlace).toBeDisabled()
  await expect(page.getByRole('radio', { name: 'Female', exact: true })).toBeChecked()
  // The draft is still on the device.
  await page.reload()
  await step(page, 'Gender')
  await expect(page.getByRole('radio', { name: 'Female', exact: true })).toBeChecked()
})

test('Give up asks first when the trial has answers, saying how many, and leaves at once when it has none', async ({
  page,
}) => {
  await signIn(page, demo.agent.email)
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await step(page, 'Where does the trial take place?')
  // No answer yet: nothing to lose, no question.
  await page.getByRole('button', { name: 'Give up' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await page.getByRole('combobox', { name: 'Store' }).fill('Niš')
  await page.getByRole('option').first().click()
  await page.getByRole('radio', { name: 'Female', exact: true }).click()
  await step(page, 'Age group')
  await page.getByRole('button', { name: 'Give up' }).click()
  const dialog = page.getByRole('dialog', { name: 'Give up this trial?' })
  await expect(dialog).toContainText('The 2 answers given so far will be lost.')
  await dialog.getByRole('button', { name: 'Continue the trial' }).click()
  await expect(dialog).toHaveCount(0)
  await step(page, 'Age group')

  await page.getByRole('button', { name: 'Give up' }).click()
  await dialog.getByRole('button', { name: 'Give up' }).click()
  await expect(page).toHaveURL('/')
  // The draft is gone: a new trial starts empty.
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await step(page, 'Where does the trial take place?')
  await expect(page.getByRole('combobox', { name: 'Store' })).toHaveValue('')
})

test('after a finished trial, Back from the home leaves the flow instead of opening a new wizard', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await answerUpToFinish(page, `Back after finish ${Date.now()}`)
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'The trial is saved' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL('/')
  // Back to the home the trial was started from, not into the wizard.
  await page.goBack()
  await expect(page).toHaveURL('/')
})

test("the browser's Back returns to the previous step, Forward goes on, and a reload keeps the step", async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await step(page, 'Gender')
  await expect(page.getByRole('heading', { level: 2, name: 'Gender' })).toBeFocused()
  await expect(page).toHaveURL(/[?&]step=1\b/)
  await page.getByRole('radio', { name: 'Female', exact: true }).click()
  await page.getByRole('radio', { name: '25–34' }).click()
  await step(page, 'Habits')
  await expect(page).toHaveURL(/[?&]step=3\b/)

  await page.goBack()
  await step(page, 'Age group')
  await expect(page.getByText('Step 2 of')).toBeVisible()
  // The answers stay: the age range chosen is still checked.
  await expect(page.getByRole('radio', { name: '25–34' })).toBeChecked()
  await expect(page.getByRole('heading', { level: 2, name: 'Age group' })).toBeFocused()
  await page.goBack()
  await step(page, 'Gender')
  await page.goForward()
  await step(page, 'Age group')
  await page.goForward()
  await step(page, 'Habits')

  // The wizard's own Back is the same history step: the browser's Forward returns.
  await page.getByRole('button', { name: 'Back' }).click()
  await step(page, 'Age group')
  await page.goForward()
  await step(page, 'Habits')

  // The draft survives a reload on any step, and Back still works after it.
  await page.reload()
  await step(page, 'Habits')
  await page.goBack()
  await step(page, 'Age group')

  // An address naming another step opens the draft's step: the draft decides.
  await page.goto('/free-guided-trial?step=7')
  await step(page, 'Age group')
  await expect(page).toHaveURL(/[?&]step=2\b/)
})

test("the phone field follows the store's country: its calling code and hint, and it shows what was typed", async ({
  page,
}) => {
  // Checked in at a Podgorica store.
  await signIn(page, demo.managerMe.email)
  await page.goto('/free-guided-trial')
  await answerUpToContact(page)
  await step(page, 'Email and phone')
  const phone = page.getByRole('textbox', { name: 'Phone' })
  const code = page.getByText('+382', { exact: true })
  await expect(code).toBeVisible()
  await expect(phone).toHaveAccessibleDescription(
    /Montenegro: 8 to 10 digits starting with 06, such as 067 123 456; or \+382 instead of the 0\./,
  )
  // A whole number is shown alone, as typed; the code stays for a number typed after it.
  await phone.fill('067 123 456')
  await expect(code).toHaveCount(0)
  await page.getByRole('button', { name: 'OK, check the phone' }).click()
  await expect(page.getByText('Valid', { exact: true })).toBeVisible()
  await phone.fill('67 123 456')
  await expect(code).toBeVisible()
  await page.getByRole('button', { name: 'OK, check the phone' }).click()
  await expect(page.getByText('Valid', { exact: true })).toBeVisible()
})

test.describe('in Serbian', () => {
  test('the phone has the +381 prefix, and a valid phone confirmed with OK ticks both consents', async ({
    page,
  }) => {
    await signIn(page, demo.manager.email)
    // The home is drawn once its language is active (and remembered): only then is it changed.
    await expect(page.getByRole('link', { name: 'Start a free guided trial' })).toBeVisible()
    await page.evaluate(() => localStorage.setItem('locale', 'sr'))
    await page.goto('/free-guided-trial')
    await page.getByRole('radio', { name: 'Ženski' }).click()
    await page.getByRole('radio', { name: '18–24' }).click()
    await page.getByRole('button', { name: 'Duvan za motanje (MYO/RYO)' }).click()
    await page.getByRole('button', { name: 'Dalje' }).click()
    await page.getByRole('radio', { name: '20–30' }).click()
    await page.getByRole('button', { name: 'Društvene mreže' }).click()
    await page.getByRole('button', { name: 'Dalje' }).click()

    await step(page, 'Email i telefon')
    await expect(page.getByText('+381', { exact: true })).toBeVisible()
    const phone = page.getByRole('textbox', { name: 'Telefon' })
    await phone.fill('12345')
    await page.getByRole('button', { name: 'OK, proveri telefon' }).click()
    await expect(page.getByText('Neispravno', { exact: true })).toBeVisible()
    await expect(page.getByRole('checkbox', { name: /politiku privatnosti/ })).not.toBeChecked()
    await phone.fill('064 123 4567')
    await page.getByRole('button', { name: 'OK, proveri telefon' }).click()
    await expect(page.getByText('Ispravno', { exact: true })).toBeVisible()
    await expect(page.getByRole('checkbox', { name: /politiku privatnosti/ })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: /analizom/ })).toBeChecked()
    await expect(page.getByRole('button', { name: 'Dalje' })).toBeEnabled()
    await expectAccessible(page)
  })
})

test('the simple trial has its own title, saves a store and a comment, goes home and says the server has it', async ({
  page,
  request,
}) => {
  const marker = `Simple trial e2e ${Date.now()}`
  await signIn(page, demo.agent.email)
  await expect(page).toHaveURL('/')
  // Reached from the trial's first step, and from the home.
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await page.getByRole('link', { name: /simple trial/ }).click()
  await expect(page).toHaveURL('/free-guided-trial/simple')
  await page.goto('/')
  await page.getByRole('link', { name: /simple trial/ }).click()
  await expect(page).toHaveURL('/free-guided-trial/simple')
  await expect(page.getByRole('heading', { level: 1, name: 'Simple trial' })).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This field is required')).toHaveCount(2)
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveAttribute('rows', '15')
  await expectAccessible(page)
  await page.getByRole('combobox', { name: 'Store' }).fill('Niš')
  await page.getByRole('option').first().click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(marker)
  const response = page.waitForResponse((r) => r.url().endsWith('/free-guided/form'))
  await page.getByRole('button', { name: 'Save' }).click()
  const { data } = (await (await response).json()) as { data: { id: number } }
  await expect(page).toHaveURL('/')
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'The simple trial is saved and has reached the server.' }),
  ).toBeVisible()
  expect((await storedTrial(request, data.id)).comment).toBe(marker)
  // The form is not behind the home in the history.
  await page.goBack()
  await expect(page).not.toHaveURL(/simple/)
})

test('a simple trial saved offline says it is kept on the device', async ({ page, context }) => {
  // Waits for the service worker, which serves the app's code with no connection.
  test.setTimeout(90_000)
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  await page.getByRole('link', { name: /simple trial/ }).click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(`Simple offline ${Date.now()}`)
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL('/')
  await expect(
    page.getByRole('status').filter({
      hasText:
        'The simple trial is saved on this device, and is sent to the server as soon as it can be reached.',
    }),
  ).toBeVisible()
  await context.setOffline(false)
})
