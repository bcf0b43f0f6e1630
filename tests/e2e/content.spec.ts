import type { Page } from '@playwright/test'
import * as v from 'valibot'
import { editionSchema } from '../../src/contract/content-edition.ts'
import { idempotencyHeader } from '../../src/contract/http.ts'
import {
  apiGet,
  apiLogin,
  apiPost,
  demo,
  expect,
  expectAccessible,
  publishEdition,
  signIn,
  test,
} from './fixtures.ts'

// Each test opens a draft's page, which holds every list of the wizard: slow on a busy machine.
test.describe.configure({ timeout: 150_000 })

/** How many requests the page sent to `POST /api/v1/<path>` from now on. */
function countPosts(page: Page, path: string) {
  let count = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/v1/${path}`)) count += 1
  })
  return () => count
}

async function signInAdmin(page: Page) {
  await signIn(page, demo.admin.email)
  await expect(page).toHaveURL('/')
}

test('an admin adds a referral source to a new draft, compares it and publishes it; tablets get it', async ({
  page,
  request,
}) => {
  const key = `podcast-${Date.now().toString(36)}`
  await signInAdmin(page)
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Content' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible()
  await expect(page.getByRole('table')).toContainText('In use')
  await expectAccessible(page)

  // A double click makes one draft.
  const creates = countPosts(page, 'content/create')
  await page.getByRole('button', { name: 'New draft' }).dblclick()
  await expect(page).toHaveURL(/\/content\/\d+$/)
  const id = Number(new URL(page.url()).pathname.split('/').at(-1))
  await expect(page.getByRole('heading', { level: 1, name: `Content edition ${id}` })).toBeVisible()
  expect(creates()).toBe(1)
  await expect(page.getByText('This draft is the same as the edition in use.')).toBeVisible()
  await expectAccessible(page)

  // The new answer: its key and three labels, each required.
  await page.locator('summary', { hasText: 'Referral sources' }).click()
  const added = page.getByRole('group', { name: 'New answer in Referral sources' })
  await added.getByRole('button', { name: 'Add answer' }).click()
  await expect(added.getByRole('textbox', { name: 'Key' })).toHaveAccessibleDescription(/required/i)
  await added.getByRole('textbox', { name: 'Key' }).fill(key)
  await added.getByRole('textbox', { name: 'Montenegrin label' }).fill('Podkast')
  await added.getByRole('textbox', { name: 'Serbian label' }).fill('Podkast')
  await added.getByRole('textbox', { name: 'English label' }).fill('A podcast')
  await added.getByRole('button', { name: 'Add answer' }).click()
  await expect(page.getByRole('textbox', { name: `English label of ${key}` })).toHaveValue(
    'A podcast',
  )
  await expectAccessible(page)
  await expect(page.getByText('There are unsaved changes.')).toBeVisible()
  await expect(page.getByText('Save the draft first')).toBeVisible()

  // A double click saves once.
  const saves = countPosts(page, 'content/update')
  await page.getByRole('button', { name: 'Save draft' }).dblclick()
  await expect(page.getByText('Everything is saved.')).toBeVisible()
  expect(saves()).toBe(1)

  // The comparison with the edition in use shows the new answer.
  const comparison = page.getByRole('table', { name: 'Referral sources' })
  await expect(comparison).toContainText(`Added: ${key}`)
  await expect(comparison).toContainText('A podcast / Podkast / Podkast')

  // A double click publishes once; the list shows the edition in use.
  const publishes = countPosts(page, 'content/publish')
  await page.getByRole('button', { name: 'Publish now' }).dblclick()
  await expect(page).toHaveURL('/content')
  expect(publishes()).toBe(1)
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Edition ${id}`, exact: true }) })
  await expect(row).toContainText('In use')
  await expect(row).toContainText('Aleksandar Jovanović')

  // What tablets read now holds the new answer.
  const admin = await apiLogin(request, demo.admin.email)
  const current = v.parse(editionSchema, await apiGet(request, admin.token, 'content/current'))
  expect(current.id).toBe(id)
  expect(current.lists.referralSources.find((answer) => answer.key === key)?.labels.en).toBe(
    'A podcast',
  )
  // Retired again, so that the other tests meet the lists they know.
  await publishEdition(request, (draft) => ({
    lists: {
      ...draft.lists,
      referralSources: draft.lists.referralSources.map((answer) =>
        answer.key === key ? { ...answer, active: false } : answer,
      ),
    },
  }))
})

test('a draft opens in the real wizard as a preview: its answers, and nothing is stored', async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  const admin = await apiLogin(request, demo.admin.email)
  const once = () => ({ [idempotencyHeader]: crypto.randomUUID() })
  const made = v.parse(
    v.object({ data: editionSchema }),
    await (await apiPost(request, admin.token, 'content/create', {}, once())).json(),
  ).data
  const { id, lists, consents, consentAutoTick } = made
  const source = {
    key: `radio-${stamp}`,
    labels: { me: 'Radio', sr: 'Radio', en: `Radio ${stamp}` },
    active: true,
  }
  await apiPost(
    request,
    admin.token,
    'content/update',
    {
      id,
      lists: { ...lists, referralSources: [source, ...lists.referralSources] },
      consents,
      consentAutoTick,
    },
    once(),
  )
  const trialsBefore = await apiGet<{ count: number }>(request, admin.token, 'questionnaire/search')

  await signInAdmin(page)
  await page.goto(`/content/${id}`)
  await page.getByRole('link', { name: 'Preview in the wizard' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `Preview of content edition ${id}` }),
  ).toBeVisible()
  await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
  await page.getByRole('option').first().click()
  await page.getByRole('radio', { name: 'Female', exact: true }).click()
  await page.getByRole('radio', { name: '25–34' }).click()
  await page.getByRole('button', { name: 'E-cigarettes (vape)' }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('radio', { name: '5–10' }).click()
  await page.getByRole('button', { name: source.labels.en }).click()
  await expect(page.getByRole('button', { name: source.labels.en })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expectAccessible(page)

  // Giving up the preview goes back to the draft; no trial and no draft of the admin's are kept.
  await page.getByRole('button', { name: 'Give up' }).click()
  await page
    .getByRole('dialog', { name: 'Give up this trial?' })
    .getByRole('button', { name: 'Give up' })
    .click()
  await expect(page).toHaveURL(`/content/${id}`)
  await page.goto('/free-guided-trial')
  await expect(page.getByRole('combobox', { name: 'Store' })).toHaveValue('')
  await expect(page.getByRole('button', { name: source.labels.en })).toHaveCount(0)
  const trialsAfter = await apiGet<{ count: number }>(request, admin.token, 'questionnaire/search')
  expect(trialsAfter.count).toBe(trialsBefore.count)
  await apiPost(request, admin.token, 'content/delete', { id }, once())
})

test("a save over another admin's is refused: the edits stay on screen, the latest can be loaded", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, demo.super.email)
  const once = () => ({ [idempotencyHeader]: crypto.randomUUID() })
  const draft = v.parse(
    v.object({ data: editionSchema }),
    await (await apiPost(request, admin.token, 'content/create', {}, once())).json(),
  ).data
  await signInAdmin(page)
  await page.goto(`/content/${draft.id}`)
  await page.locator('summary', { hasText: 'Referral sources' }).click()
  const friend = page.getByRole('textbox', { name: 'English label of friend' })
  await friend.fill('A friend, mine')

  // Another admin saves the draft meanwhile.
  const lists = {
    ...draft.lists,
    referralSources: draft.lists.referralSources.map((answer) =>
      answer.key === 'friend'
        ? { ...answer, labels: { ...answer.labels, en: 'A friend, theirs' } }
        : answer,
    ),
  }
  const { id, consents, consentAutoTick } = draft
  await apiPost(
    request,
    admin.token,
    'content/update',
    { id, lists, consents, consentAutoTick },
    once(),
  )

  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Another admin saved this draft meanwhile' }),
  ).toBeVisible()
  await expect(friend).toHaveValue('A friend, mine')
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Load the latest version' }).click()
  await expect(friend).toHaveValue('A friend, theirs')
  await expect(page.getByText('Everything is saved.')).toBeVisible()

  // Discarded, with a confirmation.
  await page.getByRole('button', { name: 'Discard draft' }).click()
  await page
    .getByRole('dialog', { name: 'Discard the draft?' })
    .getByRole('button', { name: 'Yes, discard' })
    .dblclick()
  await expect(page).toHaveURL('/content')
  await expect(page.getByRole('link', { name: `Edition ${id}`, exact: true })).toHaveCount(0)
})

test('a manager cannot open the content screen', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await page.goto('/content')
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible()
})
