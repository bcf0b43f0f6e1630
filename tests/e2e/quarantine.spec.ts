import {
  test,
  expect,
  signIn,
  demo,
  apiLogin,
  apiGet,
  apiPost,
  controlledByServiceWorker,
  keptOnDevice,
  adminPage,
  expectAccessible,
} from './fixtures.ts'

// Signs in, works offline and back, and waits for two passes of the outbox.
test.describe.configure({ timeout: 90_000 })

type Rows<T> = { rows: T[]; count: number }

test('a trial refused for good goes to the office before it can be set aside, and once corrected and accepted there it is listed as sent and accepted', async ({
  page,
  context,
  request,
  browser,
  baseURL,
}) => {
  const admin = (await apiLogin(request, demo.admin.email)).token
  const agent = await apiLogin(request, demo.agent.email)
  // A store that is gone by the time the trial reaches the server: a refusal no retry changes.
  const name = `Kiosk ${Date.now()}`
  const created = await apiPost(
    request,
    admin,
    'store/create',
    { name, address: 'Bulevar 1', city: 'Beograd', country: 'RS' },
    { 'Idempotency-Key': crypto.randomUUID() },
  )
  const store = ((await created.json()) as { data: { id: number } }).data

  await signIn(page, demo.agent.email)
  await controlledByServiceWorker(page)
  await keptOnDevice(page, ['stores', 'all'])
  await context.setOffline(true)
  await page.goto('/free-guided-trial/simple')
  await page.getByRole('combobox', { name: 'Store' }).fill(name)
  await page.getByRole('option', { name: new RegExp(name) }).click()
  const comment = `quarantine-${Date.now()}`
  await page.getByRole('textbox', { name: 'Comment' }).fill(comment)
  await page.getByRole('button', { name: 'Save' }).click()
  await apiPost(request, admin, 'store/delete', { id: store.id })

  // The office cannot be reached yet: the refused trial is only on this device.
  await page.route('**/api/v1/device/quarantine', (route) => route.abort())
  await context.setOffline(false)
  await page.goto('/outbox')
  const waiting = page.getByRole('list', { name: 'Waiting' }).getByRole('listitem')
  await expect(waiting).toContainText('Refused by the server', { timeout: 30_000 })
  await expect(waiting).toContainText('Only this device has it')
  await expect(waiting.getByRole('button', { name: 'Discard' })).toBeDisabled()

  // Once the office holds it, it may be set aside; here it waits for the office's decision.
  await page.unroute('**/api/v1/device/quarantine')
  await page.getByRole('button', { name: 'Send now' }).click()
  await expect(waiting).toContainText('The office has it and will decide on it.', {
    timeout: 30_000,
  })
  await expect(waiting.getByRole('button', { name: 'Set aside' })).toBeEnabled()

  // The office finds it in the Review's quarantine, corrects its store and accepts it.
  const held = await apiGet<Rows<{ id: number; code: string }>>(
    request,
    admin,
    'questionnaire/quarantine',
    { user: String(agent.id), state: 'waiting' },
  )
  expect(held.rows.map((row) => row.code)).toEqual(['store.notFound'])
  const office = await adminPage(browser, baseURL)
  // The tablet's heartbeat told its refused trial; the Devices screen links to the quarantine.
  const refused = office.getByRole('link', { name: '1 refused, in the quarantine' })
  await expect(async () => {
    await office.goto('/devices')
    await expect(refused).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await refused.click()
  await expect(office).toHaveURL(/flag=quarantined&device=/)
  await expect(office.getByRole('link', { name: 'Quarantine' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  const item = office.getByRole('row').filter({ hasText: 'No store found' })
  await expect(item).toHaveCount(1)
  await item.getByRole('link').click()
  await expect(office).toHaveURL(`/quarantine/${held.rows[0]?.id}`)
  await expect(office.getByRole('region', { name: 'Refused by the server' })).toContainText(
    'store.notFound',
  )
  await expect(office.getByRole('region', { name: 'As the tablet sent it' })).toContainText(comment)
  await expectAccessible(office)
  const accepts: string[] = []
  office.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/questionnaire/accept'))
      accepts.push(sent.headers()['idempotency-key'] ?? '')
  })
  const other = await apiGet<{ id: number; name: string }>(request, admin, 'store/1')
  await office.getByRole('combobox', { name: 'Store' }).fill(other.name)
  await office.getByRole('option').filter({ hasText: other.name }).first().click()
  await office
    .getByRole('combobox', { name: 'Reason for the correction' })
    .selectOption({ label: 'Entered at the wrong store' })
  await office.getByRole('button', { name: 'Accept as a trial' }).dblclick()
  const facts = office.getByRole('region', { name: 'Refused by the server' })
  await expect(facts).toContainText('Accepted as a trial')
  expect(new Set(accepts).size).toBe(1)
  const trialLink = facts.getByRole('link', { name: /trial #/ })
  const trialId = Number((await trialLink.textContent())?.replace(/\D/g, ''))
  await expect(office.getByRole('button', { name: 'Accept as a trial' })).toHaveCount(0)

  // The tablet reads the decision at its next pass: the trial is sent, under the trial it made.
  await page.getByRole('button', { name: 'Send now' }).click()
  await expect(page.getByText('Every finished trial has reached the server.')).toBeVisible({
    timeout: 30_000,
  })
  const sent = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: `#${trialId}` })
  await expect(sent).toHaveCount(1)
  await expect(sent).toContainText('Accepted by the office')
  const trials = await apiGet<Rows<{ id: number }>>(request, admin, 'questionnaire/search', {
    user: String(agent.id),
  })
  expect(trials.rows.filter((row) => row.id === trialId)).toHaveLength(1)
})
