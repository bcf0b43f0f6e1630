import { strFromU8, unzipSync } from 'fflate'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import type { ConsentName, ConsentRecord } from '../../src/contract/consents.ts'
import { idempotencyHeader } from '../../src/contract/http.ts'
import type { TrialAnswers } from '../../src/contract/trial.ts'
import { trialBody } from '../support/trial-body.ts'
import {
  test,
  expect,
  signIn,
  demo,
  expectAccessible,
  apiLogin,
  apiGet,
  apiPost,
  apiPostTrial,
} from './fixtures.ts'
import { unlockAfterEachLoad } from '../support/sign-in.ts'
import { apiPath, appHeaders } from '../support/api.ts'

test.describe.configure({ timeout: 120_000 })

/** The newest invitation link sent to `email`, read from the e2e server's mail folder. */
async function invitationLink(email: string): Promise<string> {
  const folder = join(process.env.E2E_DATA_DIR ?? '.data/e2e-4173', 'mail')
  for (let attempt = 0; attempt < 20; attempt++) {
    const files = (await readdir(folder).catch(() => [] as string[])).sort().reverse()
    for (const file of files) {
      // Quoted-printable: join soft line breaks and decode `=3D`.
      const text = (await readFile(join(folder, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
      if (!text.includes(email)) continue
      const link = /https?:\/\/[^\s"<>]+\/password-setup\?token=[^\s"<>]+/.exec(text)?.[0]
      if (link) return link
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no invitation mail for ${email}`)
}

async function signInAsAdmin(page: Page) {
  await signIn(page, demo.admin.email)
  await expect(page).toHaveURL('/')
}

test('an admin invites a Brand Expert who sets a password and signs in, then edits and deletes them', async ({
  page,
  browser,
}) => {
  const email = `expert.${Date.now()}@example.rs`
  await signInAsAdmin(page)
  await page.goto('/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('link', { name: 'New user' }).click()
  await expect(page).toHaveURL('/users/new')
  await expect(page.getByRole('option', { name: 'Super user' })).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Brand Expert' })
  await page.getByLabel('Full name').fill('Petar Testić')
  await page.getByLabel('Email').fill(email)
  // The English rule: + and 9 or 10 digits.
  await page.getByLabel('Phone').fill('+3816411122')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/users(\?|$)/)

  await page.getByRole('searchbox', { name: 'Name or email' }).fill(email)
  await page.getByRole('button', { name: 'Search' }).click()
  const row = page.getByRole('row', { name: /Petar Testić/ })
  await expect(row).toContainText('Invited')

  // The invitation mail's link sets a password; the expert then signs in.
  const link = await invitationLink(email)
  const expert = await browser.newContext({ baseURL: new URL(link).origin })
  await expert.addInitScript(() => localStorage.setItem('locale', 'en'))
  const expertPage = await expert.newPage()
  unlockAfterEachLoad(expertPage)
  await expertPage.goto(link)
  await expertPage.getByLabel('New password', { exact: true }).fill('Expert!2345')
  await expertPage.getByLabel('Confirm the new password').fill('Expert!2345')
  await expertPage.getByRole('button', { name: 'Set the password' }).click()
  await signIn(expertPage, email, 'Expert!2345')
  await expect(expertPage).toHaveURL('/')
  await expert.close()

  // Edit: the name changes; the list shows it.
  await row.getByRole('link', { name: 'Edit Petar Testić' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Full name').fill('Petar Izmenjeni')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/users(\?|$)/)
  await page.getByRole('searchbox', { name: 'Name or email' }).fill(email)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('row', { name: /Petar Izmenjeni/ })).toContainText('Active')

  // Delete, after the confirmation.
  await page.getByRole('link', { name: 'Edit Petar Izmenjeni' }).click()
  await page.getByRole('button', { name: 'Delete user' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete the user?' })
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page).toHaveURL(/\/users(\?|$)/)
  await page.getByRole('searchbox', { name: 'Name or email' }).fill(email)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No user matches this search.')).toBeVisible()
})

test('deleting a user lists the tablets where they still hold a device credential, with the trials waiting there and a link to each on the Devices screen; deleted once however often it is confirmed', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, demo.admin.email)
  const email = `tablet.${Date.now()}@example.rs`
  const created = await apiPost(request, admin.token, 'user/create', {
    fullname: 'Tamara Tabletić',
    email,
    phone: '+381641112244',
    role: 'agent',
  })
  const { data: user } = (await created.json()) as { data: { id: number } }
  const token = new URL(await invitationLink(email)).searchParams.get('token')
  const setUp = await request.post(`${apiPath}/user/password`, {
    headers: appHeaders,
    data: { password: 'Tablet!2345', confirmPassword: 'Tablet!2345', token },
  })
  expect(setUp.status()).toBe(200)
  // The user signs in on a tablet, which reports 3 trials waiting on it.
  const deviceId = crypto.randomUUID()
  const login = await request.post(`${apiPath}/user/login`, {
    headers: appHeaders,
    data: { email, password: 'Tablet!2345', device_id: deviceId },
  })
  const { data: signedIn } = (await login.json()) as { data: { device_credential: string } }
  const beat = await request.post(`${apiPath}/device/heartbeat`, {
    headers: { ...appHeaders, Authorization: `Device ${signedIn.device_credential}` },
    data: {
      appVersion: '1.0.0+tablet',
      waiting: 3,
      needsLogin: 0,
      failed: 0,
      oldestWaitingAt: new Date().toISOString(),
      lastSentAt: null,
      storage: { usage: 10, quota: 100, persisted: true },
      images: { cached: 0, total: 0 },
    },
  })
  expect(beat.status()).toBe(200)

  const deletions: string[] = []
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/user/delete')) deletions.push(sent.url())
  })
  await signInAsAdmin(page)
  await page.goto(`/users/${user.id}/edit`)
  await page.getByRole('button', { name: 'Delete user' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete the user?' })
  const tablet = dialog.getByRole('listitem').filter({ hasText: deviceId.slice(0, 8) })
  await expect(tablet).toContainText('3 trials waiting')
  await expectAccessible(page)
  await tablet.getByRole('link', { name: `Device ${deviceId.slice(0, 8)}` }).click()
  await expect(page).toHaveURL(/\/devices\?/)
  const row = page.getByRole('row', { name: new RegExp(deviceId.slice(0, 8)) })
  await expect(row).toContainText('Tamara Tabletić')
  // The trials on the device, a cell named by its value (a card's column name is not read).
  await expect(row.getByRole('cell', { name: /^3/ })).toBeVisible()

  await page.goBack()
  await page.getByRole('button', { name: 'Delete user' }).click()
  await dialog.getByRole('button', { name: 'Yes, delete' }).dblclick()
  await expect(page).toHaveURL(/\/users(\?|$)/)
  expect(deletions).toHaveLength(1)
})

test('an admin creates a store and sees its log after a manager checks in and out', async ({
  page,
  request,
}) => {
  const name = `E2E Store ${Date.now()}`
  await signInAsAdmin(page)
  await page.goto('/stores')
  await expectAccessible(page)
  await page.getByRole('link', { name: 'New store' }).click()
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Address').fill('Bulevar 1')
  await page.getByLabel('City').fill('Novi Sad')
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Serbia' })
  await expectAccessible(page)
  let creates = 0
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/store/create')) creates += 1
  })
  // A double click makes one store.
  await page.getByRole('button', { name: 'Save' }).dblclick()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  expect(creates).toBe(1)
  const storeId = Number(/\/stores\/(\d+)/.exec(page.url())?.[1])

  // The store-less manager checks in to the new store and out again, through the API.
  const manager = await apiLogin(request, demo.newManager.email)
  await apiPost(request, manager.token, 'user/check-in', { storeId })
  await apiPost(request, manager.token, 'user/check-out', { storeId })

  await page.reload()
  const log = page.getByRole('table', { name: 'Store log' })
  await expect(log.getByRole('row')).toHaveCount(2)
  await expect(log).toContainText('0 min')
  await page.getByRole('combobox', { name: 'Manager' }).selectOption({ index: 0 })
  await page.getByLabel('From').fill('01/01/2000')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/startAt=2000-01-01/)
  await expect(log.getByRole('row')).toHaveCount(2)
  await expectAccessible(page)

  await page.getByRole('link', { name: 'Edit store' }).click()
  await page.getByLabel('City').fill('Subotica')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Subotica')).toBeVisible()

  await page.getByRole('button', { name: 'Delete store' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page).toHaveURL(/\/stores(\?|$)/)
})

test("an admin opens a Brand Expert's trials and one trial", async ({ page, request }) => {
  const agent = await apiLogin(request, demo.agent.email)
  const trial = await apiPostTrial(request, agent.token, 'The consumer liked the gold stick.')

  await signInAsAdmin(page)
  await page.goto('/users?query=agent@example.rs')
  await page
    .getByRole('row', { name: /agent@example.rs/ })
    .getByRole('link')
    .first()
    .click()
  await expect(page).toHaveURL(/\/experts\/\d+/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Trials by')
  await expectAccessible(page)
  await page.locator(`a[href="/surveys/${trial}"]`).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Trial' })).toBeVisible()
  // The comment as recorded; the correction form below holds it too, to be edited.
  await expect(page.getByRole('region', { name: 'Comment' })).toContainText(
    'The consumer liked the gold stick.',
  )
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/experts\/\d+/)
})

test('the trial page shows its consents as recorded, and that a box the app ticked is no proof', async ({
  page,
  request,
}) => {
  const agent = await apiLogin(request, demo.agent.email)
  const recorded = (consent: string, ticked_by: string) => ({
    consent,
    given: true,
    ticked_by,
    text_id: '0123456789abcdef',
    locale: 'sr',
  })
  const created = await apiPost(
    request,
    agent.token,
    'free-guided/form',
    {
      ...trialBody(1),
      consents: [recorded('privacyPolicy', 'app'), recorded('analizeData', 'person')],
    },
    { [idempotencyHeader]: crypto.randomUUID() },
  )
  const { id } = ((await created.json()) as { data: { id: number } }).data

  await signInAsAdmin(page)
  await page.goto(`/surveys/${id}`)
  const consents = page.getByRole('region', { name: 'Consents, as recorded' })
  await expect(consents.getByRole('definition').first()).toHaveText(
    'Ticked by the app · shown in Serbian · text 0123456789abcdef',
  )
  await expect(consents.getByRole('definition').nth(1)).toContainText('Ticked by the person')
  await expect(consents).toContainText('never proof of consent')
  await expectAccessible(page)
})

/** A guided trial sent as the PWA sends it, with `changes` to its answers and body; its id. */
async function postGuidedTrial(
  request: APIRequestContext,
  changes: { comment?: Partial<TrialAnswers>; consents?: ConsentRecord[] } = {},
) {
  const agent = await apiLogin(request, demo.agent.email)
  const body = trialBody(1)
  const created = await apiPost(
    request,
    agent.token,
    'free-guided/form',
    { ...body, comment: { ...body.comment, ...changes.comment }, consents: changes.consents },
    { [idempotencyHeader]: crypto.randomUUID() },
  )
  return ((await created.json()) as { data: { id: number } }).data.id
}

test('a box the app ticked is never shown among the answers as a consent given', async ({
  page,
  request,
}) => {
  const ticked = (consent: ConsentName): ConsentRecord => ({
    consent,
    given: true,
    ticked_by: 'app',
    text_id: '0123456789abcdef',
    locale: 'me',
  })
  const id = await postGuidedTrial(request, {
    consents: [ticked('privacyPolicy'), ticked('analizeData')],
  })

  await signInAsAdmin(page)
  await page.goto(`/surveys/${id}`)
  const answers = page.getByRole('region', { name: 'Answers' })
  await expect(answers.getByRole('term').first()).toHaveText('Gender')
  await expect(answers).not.toContainText('Privacy policy accepted')
  await expect(answers).not.toContainText('Data analysis allowed')
  const consents = page.getByRole('region', { name: 'Consents, as recorded' })
  await expect(consents.getByRole('definition')).toHaveText([
    'Ticked by the app · shown in Montenegrin · text 0123456789abcdef',
    'Ticked by the app · shown in Montenegrin · text 0123456789abcdef',
  ])
})

test('the trial page says what the customer liked, disliked and felt neutral about the device', async ({
  page,
  request,
}) => {
  const id = await postGuidedTrial(request, {
    comment: {
      device: {
        id: 7,
        name: 'Aura One',
        positive: ['design'],
        negative: ['heavy'],
        neutral: ['undecided'],
      },
    },
  })

  await signInAsAdmin(page)
  await page.goto(`/surveys/${id}`)
  const device = page.getByRole('region', { name: 'Device', exact: true })
  await expect(device.getByRole('heading', { level: 3 })).toHaveText('Aura One')
  await expect(device.getByRole('term')).toHaveText(['Liked', 'Disliked', 'Neutral'])
  await expect(device.getByRole('definition')).toHaveText(['Design', 'Heavy', 'Undecided'])
  await expectAccessible(page)
})

test("the trial page shows the trial's number, as the device's Sent list shows it", async ({
  page,
  request,
}) => {
  const id = await postGuidedTrial(request)

  await signInAsAdmin(page)
  await page.goto(`/surveys/${id}`)
  const details = page.getByRole('region', { name: 'Trial details' })
  await expect(details.getByRole('term').first()).toHaveText('Trial number')
  await expect(details.getByRole('definition').first()).toHaveText(`#${id}`)
})

test('an admin downloads a trials report as CSV and as an Excel workbook', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/stores')
  await page.getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('combobox', { name: 'Report' }).selectOption({ label: 'Trials' })
  await page.getByLabel('From').fill('01/01/2020')
  let download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).click()
  let file = await download
  expect(file.suggestedFilename()).toMatch(/^trials-2020-01-01-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '')
  const header = text.split(/\r?\n/)[0] ?? ''
  expect(header.split(',').slice(0, 4)).toEqual(['Id', 'Date', 'Store', 'Expert'])

  await page
    .getByRole('combobox', { name: 'File format' })
    .selectOption({ label: 'Excel workbook (.xlsx)' })
  download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).click()
  file = await download
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/)
  const sheet = unzipSync(await readFile(await file.path()))['xl/worksheets/sheet1.xml']
  expect(strFromU8(sheet ?? new Uint8Array())).toContain('<t xml:space="preserve">Expert</t>')
})

test('an admin reads the dashboard for a period, and an empty period says so', async ({
  page,
  request,
}) => {
  const agent = await apiLogin(request, demo.agent.email)
  await apiPostTrial(request, agent.token, 'For the dashboard.')
  const store = await apiGet<{ name: string }>(request, agent.token, 'store/1')

  await signInAsAdmin(page)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('figure', { name: 'Trials per store' })).toContainText(store.name)
  await expect(
    page.getByRole('figure', { name: 'Trials per Brand Expert' }).getByRole('listitem').first(),
  ).toBeVisible()
  await expect(page.getByText('Purchase conversion')).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('textbox', { name: 'From', exact: true }).fill('01/01/2001')
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('31/01/2001')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/startAt=2001-01-01/)
  await expect(page.getByText('No trials in this period.').first()).toBeVisible()
  await expect(
    page.getByRole('figure', { name: 'Trials per store' }).getByRole('list'),
  ).toHaveCount(0)
})

test('a report or a dashboard period that ends before it starts is refused with a field error', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/reports')
  await page.getByLabel('From').fill('10/05/2026')
  await page.getByLabel('To').fill('01/05/2026')
  let downloads = 0
  page.on('download', () => (downloads += 1))
  await page.getByRole('button', { name: 'Download' }).click()
  await expect(page.getByText('The end date must not be before the start date.')).toBeVisible()
  expect(downloads).toBe(0)

  await page.goto('/dashboard')
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('10/05/2026')
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('01/05/2026')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('The end date must not be before the start date.')).toBeVisible()
  await expect(page).not.toHaveURL(/startAt=2026-05-10/)
})

test('a range error goes as soon as the dates are in order again, without another try', async ({
  page,
}) => {
  const refusal = 'The end date must not be before the start date.'
  await signInAsAdmin(page)
  await page.goto('/dashboard')
  const from = page.getByRole('textbox', { name: 'From', exact: true })
  const to = page.getByRole('textbox', { name: 'To', exact: true })
  await from.fill('10/05/2026')
  await to.fill('01/05/2026')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText(refusal)).toBeVisible()
  // The start moves before the end: the range is in order, and the error is gone.
  await from.fill('01/04/2026')
  await expect(page.getByText(refusal)).toHaveCount(0)
  // Out of order again by its start: said again.
  await from.fill('20/05/2026')
  await expect(page.getByText(refusal)).toBeVisible()

  await page.goto('/reports')
  await page.getByLabel('From').fill('10/05/2026')
  await page.getByLabel('To').fill('01/05/2026')
  await page.getByRole('button', { name: 'Download' }).click()
  await expect(page.getByText(refusal)).toBeVisible()
  await page.getByLabel('From').fill('01/04/2026')
  await expect(page.getByText(refusal)).toHaveCount(0)
})

test('after a download the report form says which file it saved, once for a double click', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/reports')
  await page.getByLabel('From').fill('01/01/2020')
  let requests = 0
  page.on('request', (sent) => {
    if (sent.url().endsWith('/report/generate')) requests += 1
  })
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).dblclick()
  const name = (await download).suggestedFilename()
  await expect(page.getByRole('status').filter({ hasText: name })).toHaveText(
    `The report was downloaded: ${name}`,
  )
  expect(requests).toBe(1)
})

test('a name with tag-like characters is shown as typed in a dialog, never read as markup', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, demo.admin.email)
  const name = `<b>Š</b> <0>x</0> Tag ${Date.now()}`
  const email = `tags.${Date.now()}@example.rs`
  const created = await apiPost(request, admin.token, 'user/create', {
    fullname: name,
    email,
    phone: '+381641112233',
    role: 'agent',
  })
  const { data } = (await created.json()) as { data: { id: number } }
  await signInAsAdmin(page)
  await page.goto(`/users/${data.id}/edit`)
  await page.getByRole('button', { name: 'Delete user' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete the user?' })
  await expect(dialog).toContainText(`${name} will no longer be able to sign in.`)
  await expect(dialog.locator('b')).toHaveCount(0)
})

test("an admin is offered no Edit on a super user's row, which only a super user may edit", async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/users?query=super%40example.com')
  const row = page.getByRole('row', { name: /Sanja Petrović/ })
  await expect(row).toBeVisible()
  await expect(row.getByRole('link', { name: /^Edit/ })).toHaveCount(0)
  // Another admin's row keeps its Edit.
  await page.goto('/users?query=admin%40example.com')
  await expect(
    page.getByRole('row', { name: /Aleksandar Jovanović/ }).getByRole('link', { name: /^Edit/ }),
  ).toBeVisible()
})

test('a refused change shows its reference, the start of the request id the server answered with', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/users/new')
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Brand Expert' })
  await page.getByLabel('Full name').fill('Ana Dvostruka')
  // An email already in use: the server refuses it.
  await page.getByLabel('Email').fill(demo.manager.email)
  await page.getByLabel('Phone').fill('+3816411122')
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/user/create'),
  )
  await page.getByRole('button', { name: 'Save' }).click()
  const requestId = (await answer).headers()['request-id'] ?? ''
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
  await expect(page.getByRole('status').filter({ hasText: 'Reference:' })).toContainText(
    `Reference: ${requestId.slice(0, 8)}`,
  )
})
