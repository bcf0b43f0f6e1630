import type { Page } from '@playwright/test'
import * as v from 'valibot'
import {
  editionSchema,
  type EditionAnswer,
  type EditionLists,
} from '../../src/contract/content-edition.ts'
import type { CustomerList } from '../../src/contract/customers.ts'
import { idempotencyHeader } from '../../src/contract/http.ts'
import { trialContractVersion, trialDetailSchema } from '../../src/contract/trial.ts'
import { guidedAnswers, trialBody } from '../support/trial-body.ts'
import { answerFromContactToFinish, answerUpToContact } from './trial-driver.ts'
import {
  adminPage,
  apiGet,
  apiLogin,
  apiPost,
  controlledByServiceWorker,
  demo,
  expect,
  publishEdition,
  signIn,
  test,
} from './fixtures.ts'

// Each test signs in, waits for the service worker and publishes editions: slow on a busy machine.
test.describe.configure({ timeout: 120_000 })

/** `lists` with `answer` as a referral source, before `other` (which stays last). */
function withSource(lists: EditionLists, answer: EditionAnswer): EditionLists {
  const others = lists.referralSources.filter((entry) => entry.key !== answer.key)
  return { ...lists, referralSources: [answer, ...others] }
}

/** `lists` with the referral source `key` reading as `labels`. */
function reworded(lists: EditionLists, key: string, labels: EditionAnswer['labels']) {
  return {
    ...lists,
    referralSources: lists.referralSources.map((entry) =>
      entry.key === key ? { ...entry, labels } : entry,
    ),
  }
}

/** The edition the tablet holds as the one in use. */
function heldEditionId(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const held: unknown = JSON.parse(localStorage.getItem('brand-expert.content-editions') ?? '{}')
    return typeof held === 'object' && held !== null && 'current' in held ? held.current : null
  })
}

/** From the contact step to Finish: no email, no purchase, `marker` as the comment. */
async function finishWithoutPurchase(page: Page, marker: string) {
  await answerFromContactToFinish(page, marker)
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page).toHaveURL(/free-guided-trial-success/)
}

/** The manager's stored guided trial whose unsuccessful purchase says `marker`. */
async function storedTrial(page: Page, token: string, marker: string) {
  let id: number | undefined
  await expect
    .poll(async () => {
      const { rows } = await apiGet<{ rows: { id: number; comment: unknown }[] }>(
        page.request,
        token,
        'questionnaire/search',
      )
      id = rows.find((row) => JSON.stringify(row.comment).includes(marker))?.id
      return id
    })
    .toBeDefined()
  return v.parse(trialDetailSchema, await apiGet(page.request, token, `questionnaire/${id}`))
}

test('a tablet offline at a publication takes the new answer once online, in each language, and its trial names that edition', async ({
  page,
  context,
  request,
  browser,
  baseURL,
}) => {
  const stamp = Date.now()
  const podcast: EditionAnswer = {
    key: `podcast-${stamp}`,
    labels: { me: `Podkast ${stamp}`, sr: `Podkast ${stamp} (sr)`, en: `A podcast ${stamp}` },
    active: true,
  }
  await signIn(page, demo.managerMe.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  const before = await heldEditionId(page)

  await context.setOffline(true)
  const published = await publishEdition(request, (draft) => ({
    lists: withSource(draft.lists, podcast),
  }))
  try {
    // Offline, the tablet keeps what it holds.
    await page.reload()
    expect(await heldEditionId(page)).toBe(before)

    await context.setOffline(false)
    await page.reload()
    await expect.poll(() => heldEditionId(page)).toBe(published.id)

    await page.goto('/free-guided-trial')
    await page.getByRole('radio', { name: 'Female', exact: true }).click()
    await page.getByRole('radio', { name: '25–34' }).click()
    await page.getByRole('button', { name: 'E-cigarettes (vape)' }).click()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('radio', { name: '5–10' }).click()
    const source = page.getByRole('button', { name: podcast.labels.en })
    await source.click()
    await expect(source).toHaveAttribute('aria-pressed', 'true')

    // The same answer in Montenegrin: the draft resumes at its step in the other language.
    await page.evaluate(() => localStorage.setItem('locale', 'me'))
    await page.reload()
    await expect(page.getByRole('button', { name: podcast.labels.me })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await page.evaluate(() => localStorage.setItem('locale', 'en'))
    await page.reload()
    await page.getByRole('button', { name: 'Next' }).click()
    const marker = `edition-tablet-${stamp}`
    await finishWithoutPurchase(page, marker)

    const manager = await apiLogin(request, demo.managerMe.email)
    const stored = await storedTrial(page, manager.token, marker)
    expect(stored.contentEdition).toBe(published.id)

    const admin = await adminPage(browser, baseURL)
    await admin.goto(`/surveys/${stored.id}`)
    await expect(admin.getByRole('region', { name: 'Answers' })).toContainText(podcast.labels.en)
    await admin.context().close()
  } finally {
    await context.setOffline(false)
    // Retired again, so that the other tests meet the lists they know.
    await publishEdition(request, (draft) => ({
      lists: withSource(draft.lists, { ...podcast, active: false }),
    }))
  }
})

test('a wizard started before a publication finishes with the edition it started with', async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  await signIn(page, demo.managerMe.email)
  await expect(page).toHaveURL('/')
  await expect.poll(() => heldEditionId(page)).not.toBeNull()
  const started = await heldEditionId(page)

  await page.goto('/free-guided-trial')
  await answerUpToContact(page)
  const words = { me: `Drugo ${stamp}`, sr: `Drugo ${stamp}`, en: `Something else ${stamp}` }
  const manager = await apiLogin(request, demo.managerMe.email)
  const inUse = v.parse(editionSchema, await apiGet(request, manager.token, 'content/current'))
  const other = inUse.lists.referralSources.find((entry) => entry.key === 'other')
  if (!other) throw new Error('no referral source other')
  const later = await publishEdition(request, (draft) => ({
    lists: reworded(draft.lists, 'other', words),
  }))
  try {
    // The tablet takes the new edition on the reload; the wizard keeps its own.
    await page.reload()
    await expect.poll(() => heldEditionId(page)).toBe(later.id)
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(page.getByRole('button', { name: other.labels.en, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(page.getByRole('button', { name: words.en })).toHaveCount(0)
    await page.getByRole('button', { name: 'Next' }).click()
    const marker = `edition-started-${stamp}`
    await finishWithoutPurchase(page, marker)

    const stored = await storedTrial(page, manager.token, marker)
    expect(stored.contentEdition).toBe(started)
    expect(stored.contentEdition).not.toBe(later.id)
  } finally {
    await publishEdition(request, (draft) => ({
      lists: reworded(draft.lists, 'other', other.labels),
    }))
  }
})

test("the email step shows the edition's consent texts, and OK ticks them only when the edition says so", async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  const privacy = {
    me: `Kupac prihvata pravila ${stamp}`,
    sr: `Kupac prihvata pravila ${stamp}`,
    en: `The customer accepts the rules ${stamp}`,
  }
  const manager = await apiLogin(request, demo.managerMe.email)
  const inUse = v.parse(editionSchema, await apiGet(request, manager.token, 'content/current'))
  await publishEdition(request, (draft) => ({
    consents: { ...draft.consents, privacyPolicy: privacy },
    consentAutoTick: false,
  }))
  try {
    await signIn(page, demo.managerMe.email)
    await expect(page).toHaveURL('/')
    await page.goto('/free-guided-trial')
    await answerUpToContact(page)
    await page.getByRole('textbox', { name: 'Email' }).fill('kupac@example.com')
    await page.getByRole('button', { name: 'OK, check the email' }).click()
    await expect(page.getByText('Valid', { exact: true })).toBeVisible()
    const box = page.getByRole('checkbox', { name: privacy.en })
    await expect(box).not.toBeChecked()
    await expect(
      page.getByRole('checkbox', { name: inUse.consents.analizeData.en }),
    ).not.toBeChecked()
  } finally {
    await publishEdition(request, () => ({
      consents: inUse.consents,
      consentAutoTick: inUse.consentAutoTick,
    }))
  }
})

test("a manager reads a consumer's trial in the words of the trial's own edition", async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  const radio: EditionAnswer = {
    key: `radio-${stamp}`,
    labels: { me: `Radio ${stamp}`, sr: `Radio ${stamp} (sr)`, en: `The radio ${stamp}` },
    active: true,
  }
  const taken = await publishEdition(request, (draft) => ({
    lists: withSource(draft.lists, radio),
  }))
  try {
    // A consumer whom no other test opens, with a trial of that edition naming the new answer.
    const agent = await apiLogin(request, demo.agent.email)
    const found = await apiGet<CustomerList>(request, agent.token, 'customer/search', {
      query: 'Raičević',
    })
    const customer = found.rows.find((row) => row.email !== null)
    if (!customer?.email) throw new Error('no demo consumer Raičević with an email')
    const answers = guidedAnswers()
    await apiPost(
      request,
      agent.token,
      'free-guided/form',
      {
        ...trialBody(1, {
          ...answers,
          referalSource: [radio.key],
          email: { email: customer.email, privacyPolicy: true, analizeData: true },
        }),
        contract_version: trialContractVersion,
        content_edition: taken.id,
      },
      { [idempotencyHeader]: crypto.randomUUID() },
    )
    // A later edition words the answer otherwise: the trial keeps the words it was taken with.
    await publishEdition(request, (draft) => ({
      lists: reworded(draft.lists, radio.key, {
        me: `Radio kasnije ${stamp}`,
        sr: `Radio kasnije ${stamp}`,
        en: `The radio later ${stamp}`,
      }),
    }))

    await signIn(page, demo.manager.email)
    await expect(page).toHaveURL('/')
    await page.goto(`/customers/${customer.id}/survey`)
    const first = page.getByRole('table', { name: 'Free guided trials' }).getByRole('row').nth(1)
    await first.locator('summary').click()
    const lines = first.locator('details dl')
    await expect(lines).toContainText(radio.labels.en)
    await expect(lines).not.toContainText(`The radio later ${stamp}`)
  } finally {
    await publishEdition(request, (draft) => ({
      lists: withSource(draft.lists, { ...radio, active: false }),
    }))
  }
})
