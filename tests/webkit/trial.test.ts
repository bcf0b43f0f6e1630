import assert from 'node:assert/strict'
import * as v from 'valibot'
import { packSchema } from '../../src/contract/catalogue.ts'
import { demo } from '../support/accounts.ts'
import type { Rows } from '../support/api.ts'
import { api, inWebKit, signIn, signInToHome, webkitSuite } from './harness.ts'
import { byRole, type Screen } from './screen.ts'

webkitSuite()

const next = byRole('button', 'Next')

async function step(screen: Screen, name: string) {
  await screen.see(byRole('heading', name, { level: 2 }))
}

inWebKit(
  'a manager runs the whole guided trial (HTS, sticks, a purchase) and the server stores what was chosen',
  async (screen) => {
    const marker = `Liked it, webkit ${Date.now()}`
    const manager = await api.login(demo.manager.email)
    const { token } = await api.login(demo.admin.email)
    const [htsPacks, devices, sticks] = await Promise.all([
      api.get<Rows<{ brandName: string }>>(token, 'packages/search', {
        type: 'HTS',
        brandFamily: 'Terra',
      }),
      api.get<Rows<{ id: number }>>(token, 'internal-products/search', {
        type: 'Device',
        query: 'Aura Duo',
      }),
      api.get<Rows<{ id: number; name: string }>>(token, 'internal-products/search', {
        type: 'Stick',
        query: 'Aurum',
      }),
    ])
    const stickId = (name: string) => sticks.rows.find((row) => row.name === name)?.id

    await signIn(screen, demo.manager.email)
    await screen.click(byRole('link', 'Start a free guided trial'))

    await step(screen, 'Gender')
    await screen.seeText('Step 1 of 9')
    assert.equal(await screen.count(byRole('combobox', 'Store')), 0)
    await screen.click(byRole('radio', 'Female'))
    await step(screen, 'Age group')
    await screen.click(byRole('radio', '25–34'))

    await step(screen, 'Habits')
    await screen.expectEnabled(next, false)
    await screen.click(byRole('button', 'Heated tobacco (HTS)'))
    await screen.expectAttribute(byRole('button', 'Heated tobacco (HTS)'), 'aria-pressed', 'true')
    await screen.click(next)

    await step(screen, 'Heated tobacco (HTS)')
    await screen.expectEnabled(next, false)
    await screen.type(byRole('combobox', 'Brand family'), 'ter')
    await screen.click(byRole('option', 'Terra'))
    await screen.click(byRole('button', 'Terra Oak'))
    await screen.expectAttribute(byRole('button', 'Terra Oak'), 'aria-pressed', 'true')
    await screen.expectAttribute(byRole('button', 'Terra Sun'), 'aria-pressed', 'false')
    await screen.click(next)

    await step(screen, 'Consumption (cigarettes a day)')
    await screen.click(byRole('radio', '10–15'))

    await step(screen, 'How did the customer hear about us?')
    await screen.click(byRole('button', 'A friend'))
    await screen.click(next)

    await step(screen, 'Email and phone')
    await screen.type(byRole('textbox', 'Email'), 'kupac@example.com')
    await screen.click(byRole('button', 'OK, check the email'))
    await screen.seeText('Valid')
    await screen.expectChecked(byRole('checkbox', /privacy policy/))
    await screen.click(next)

    await step(screen, 'Sticks tried')
    await screen.click(byRole('button', /^Gold/))
    await screen.click(byRole('button', /^Tan/))
    await screen.see(byRole('button', 'Gold, order 1'))
    await screen.see(byRole('button', 'Tan, order 2'))
    await screen.click(next)

    await step(screen, 'Impressions: Gold')
    await screen.click(byRole('button', 'Rich taste'))
    await screen.click(next)
    await step(screen, 'Comment: Gold')
    await screen.type(byRole('textbox', 'Comment on Gold'), marker)
    await screen.click(next)
    await step(screen, 'Impressions: Tan')
    await screen.click(byRole('button', 'Too hot'))
    await screen.click(next)
    await step(screen, 'Comment: Tan')
    await screen.click(next)

    await step(screen, 'Device')
    await screen.type(byRole('combobox', 'Device'), 'duo')
    await screen.click(byRole('option', 'Aura Duo'))
    await screen.click(byRole('button', 'Design'))
    await screen.click(next)

    await step(screen, 'Did the customer buy?')
    await screen.click(byRole('radio', 'Yes, bought'))
    await screen.click(next)

    await step(screen, 'Successful purchase')
    const finish = byRole('button', 'Finish')
    await screen.expectEnabled(finish, false)
    await screen.click(byRole('button', 'Liked the taste'))
    await screen.click(byRole('button', 'One more Aurum Gold'))
    await screen.click(byRole('button', 'One more Aurum Gold'))
    await screen.expectAttribute(byRole('spinbutton', 'Aurum Gold'), 'value', '2')
    // A quantity can be typed too: tapping a stick's 0 opens its number field, focused.
    await screen.click(byRole('button', 'Type the quantity of Aurum Tan: 0'))
    await screen.waitFor('the quantity of Aurum Tan focused', () =>
      screen.run<boolean>(() => document.activeElement?.getAttribute('type') === 'number'),
    )
    await screen.press('12')
    await screen.expectAttribute(byRole('spinbutton', 'Aurum Tan'), 'value', '12')
    await screen.click(finish)

    await screen.waitForPath(/^\/free-guided-trial-success/)
    await screen.see(byRole('heading', 'The trial is saved', { level: 1 }))
    const stored = (await api.storedTrials()).filter((trial) =>
      JSON.stringify(trial.comment).includes(marker),
    )
    assert.equal(stored.length, 1)
    assert.equal(stored[0]?.store.id, manager.expertStore?.id)
    assert.deepEqual(stored[0]?.comment, {
      gender: 'female',
      ageRange: '25-34',
      habits: 'HTS',
      habitsData: {
        // A trial stores a pack's own fields, not the search's (`active`).
        HTS: htsPacks.rows
          .map((row) => v.parse(packSchema, row))
          .find((row) => row.brandName === 'Terra Oak'),
        RMC: null,
      },
      consumption: '10-15',
      referalSource: ['friend'],
      email: { email: 'kupac@example.com', privacyPolicy: true, analizeData: true },
      consumptionOrder: ['gold', 'tan'],
      device: {
        id: devices.rows[0]?.id,
        name: 'Aura Duo',
        positive: ['design'],
        negative: [],
        neutral: [],
      },
      gold: { positive: ['taste-rich'], negative: [], neutral: [] },
      goldComment: marker,
      tan: { positive: [], negative: ['too-hot'], neutral: [] },
      tanComment: '',
      shopping: 'yes',
      shoppingSuccess: {
        reason: ['taste'],
        device: null,
        sticks: [
          { id: stickId('Aurum Gold'), name: 'Aurum Gold', quantity: 2 },
          { id: stickId('Aurum Tan'), name: 'Aurum Tan', quantity: 12 },
        ],
      },
    })
  },
  { timeout: 180_000 },
)

inWebKit('an unfinished trial survives a reload and resumes where it was', async (screen) => {
  await signInToHome(screen, demo.manager.email)
  await screen.open('/free-guided-trial')
  await screen.click(byRole('radio', 'Female'))
  await screen.click(byRole('radio', '35–44'))
  await screen.click(byRole('button', 'Heated tobacco (HTS)'))
  await screen.expectAttribute(byRole('button', 'Heated tobacco (HTS)'), 'aria-pressed', 'true')
  await screen.reload()
  await step(screen, 'Habits')
  await screen.expectAttribute(byRole('button', 'Heated tobacco (HTS)'), 'aria-pressed', 'true')
  await screen.click(byRole('button', 'Back'))
  await step(screen, 'Age group')
  await screen.expectChecked(byRole('radio', '35–44'))
})
