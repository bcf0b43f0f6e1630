import assert from 'node:assert/strict'
import * as v from 'valibot'
import { editionSchema, type Edition } from '../../src/contract/content-edition.ts'
import { appHeader, appId, idempotencyHeader } from '../../src/contract/http.ts'
import { demo } from '../support/accounts.ts'
import { apiPath } from '../support/api.ts'
import { pictureForm, pngOf } from '../api/support/pictures.ts'
import {
  api,
  baseUrl,
  controlledByServiceWorker,
  inWebKit,
  signInToHome,
  webkitSuite,
} from './harness.ts'
import { byRole, type Screen } from './screen.ts'

const server = webkitSuite()
const next = byRole('button', 'Next')

async function step(screen: Screen, name: string) {
  await screen.see(byRole('heading', name, { level: 2 }))
}

/** As the admin: a new edition in use with `answer` added to the referral sources. */
async function publishReferralSource(token: string, en: string): Promise<Edition> {
  const once = () => ({ headers: { [idempotencyHeader]: crypto.randomUUID() }, token })
  const edition = async (path: string, body: object) =>
    v.parse(editionSchema, await api.call('POST', path, { ...once(), body }))
  const draft = await edition('content/create', {})
  const answer = { key: `radio-${Date.now()}`, labels: { me: en, sr: en, en }, active: true }
  const lists = { ...draft.lists, referralSources: [answer, ...draft.lists.referralSources] }
  const { id, consents, consentAutoTick } = draft
  await edition('content/update', { id, lists, consents, consentAutoTick })
  return edition('content/publish', { id })
}

/** As the admin: a new HTS pack of the family Terra with a picture of its own; answers its path. */
async function addPackWithPicture(token: string, brandName: string): Promise<string> {
  const uploaded = await fetch(`${baseUrl}${apiPath}/packages/image`, {
    method: 'POST',
    headers: { [appHeader]: appId, Authorization: `Bearer ${token}` },
    body: pictureForm(pngOf(120, 160)),
  })
  assert.ok(uploaded.ok, await uploaded.clone().text())
  const { image } = v.parse(
    v.object({ data: v.object({ image: v.string() }) }),
    await uploaded.json(),
  ).data
  const pack = v.parse(
    v.object({ src: v.string() }),
    await api.call('POST', 'packages/create', {
      token,
      headers: { [idempotencyHeader]: crypto.randomUUID() },
      body: { type: 'HTS', brandFamily: 'Terra', brandName, image },
    }),
  )
  return pack.src
}

inWebKit(
  'a content edition and a new pack picture fetched in one online moment are there with the server down',
  async (screen) => {
    const stamp = Date.now()
    const source = `A radio show ${stamp}`
    const brandName = `Terra Dawn ${stamp}`
    const { token } = await api.login(demo.admin.email)
    const edition = await publishReferralSource(token, source)
    const picture = await addPackWithPicture(token, brandName)

    // One online moment: sign-in, which takes the edition and asks the worker for every picture.
    await signInToHome(screen, demo.manager.email)
    await controlledByServiceWorker(screen)
    await screen.waitFor(
      'the edition in use kept on the device',
      () =>
        screen.run<boolean>(
          (id: number) =>
            localStorage.getItem('brand-expert.content-editions')?.includes(`"current":${id}`) ===
            true,
          edition.id,
        ),
      20_000,
    )
    await screen.waitFor(
      "the new pack's picture in the worker's cache",
      () =>
        screen.run<boolean>(
          async (url: string) =>
            (await caches.match(new URL(url, location.href).href)) !== undefined,
          picture,
        ),
      30_000,
    )

    await server.stop()
    await screen.open('/free-guided-trial')
    await step(screen, 'Gender')
    await screen.click(byRole('radio', 'Female'))
    await screen.click(byRole('radio', '25–34'))
    await step(screen, 'Habits')
    await screen.click(byRole('button', 'Heated tobacco (HTS)'))
    await screen.click(next)
    await step(screen, 'Heated tobacco (HTS)')
    await screen.type(byRole('combobox', 'Brand family'), 'ter')
    await screen.click(byRole('option', 'Terra'))
    await screen.click(byRole('button', brandName))
    await screen.waitFor(
      "the new pack's picture drawn from the device",
      () =>
        screen.run<boolean>((url: string) => {
          const image = [...document.images].find((img) => img.src.endsWith(url))
          return image !== undefined && image.complete && image.naturalWidth > 0
        }, picture),
      10_000,
    )
    await screen.click(next)
    await step(screen, 'Consumption (cigarettes a day)')
    await screen.click(byRole('radio', '10–15'))
    await step(screen, 'How did the customer hear about us?')
    await screen.click(byRole('button', source))
    await screen.expectAttribute(byRole('button', source), 'aria-pressed', 'true')
  },
  { timeout: 180_000 },
)
