import * as v from 'valibot'
import {
  editionSchema,
  type Edition,
  type EditionLists,
} from '../../src/contract/content-edition.ts'
import { idempotencyHeader } from '../../src/contract/http.ts'
import { shortAnswers, trialBody } from '../support/trial-body.ts'
import {
  adminPage,
  apiGet,
  apiLogin,
  apiPost,
  demo,
  expect,
  expectAccessible,
  publishEdition,
  test,
} from './fixtures.ts'

/** `lists` with the referral source `friend` worded as `labels`. */
function friendWorded(lists: EditionLists, labels: Edition['consents']['privacyPolicy']) {
  return {
    ...lists,
    referralSources: lists.referralSources.map((answer) =>
      answer.key === 'friend' ? { ...answer, labels } : answer,
    ),
  }
}

test("a trial's page reads its answers in the words of its own content edition, whatever is in use since", async ({
  request,
  browser,
  baseURL,
}) => {
  const admin = await apiLogin(request, demo.admin.email)
  const once = () => ({ [idempotencyHeader]: crypto.randomUUID() })
  /** Publishes a new edition whose `friend` reads as `labels`; answers it. */
  const publishWith = (labels: Edition['consents']['privacyPolicy']) =>
    publishEdition(request, (draft) => ({ lists: friendWorded(draft.lists, labels) }))
  const stamp = Date.now()
  const reworded = {
    me: `Prijatelj ili kolega ${stamp}`,
    sr: `Prijatelj ili kolega ${stamp}`,
    en: `A friend or colleague ${stamp}`,
  }
  const worded = await publishWith(reworded)
  const agent = await apiLogin(request, demo.agent.email)
  const created = await apiPost(
    request,
    agent.token,
    'free-guided/form',
    {
      ...trialBody(agent.expertStore?.id ?? 1, {
        ...shortAnswers(1, `edition ${stamp}`),
        referalSource: ['friend'],
      }),
      contract_version: 4,
      content_edition: worded.id,
    },
    once(),
  )
  const { id } = v.parse(
    v.object({ data: v.object({ id: v.number() }) }),
    await created.json(),
  ).data
  // The words in use go back to those of edition 1: the trial keeps those of its own edition.
  const first = v.parse(editionSchema, await apiGet(request, admin.token, 'content/1'))
  const original = first.lists.referralSources.find((answer) => answer.key === 'friend')
  if (!original) throw new Error('edition 1 has no referral source friend')
  await publishWith(original.labels)

  const page = await adminPage(browser, baseURL)
  await page.goto(`/surveys/${id}`)
  const details = page.getByRole('region', { name: 'Trial details' })
  await expect(details).toContainText(`Content edition${worded.id}`)
  await expect(page.getByRole('region', { name: 'Answers' })).toContainText(reworded.en)
  await expectAccessible(page)
})
