import assert from 'node:assert/strict'
import { demo } from '../support/accounts.ts'
import { demoPin } from '../support/sign-in.ts'
import {
  api,
  controlledByServiceWorker,
  inWebKit,
  kept,
  signIn,
  signInToHome,
  webkitSuite,
} from './harness.ts'
import { byLabel, byRole, type Screen } from './screen.ts'

const server = webkitSuite()

const ageGroup = byRole('heading', 'Age group', { level: 2 })
/** How the tablet's list names a person: first name and initial (src/api/people.ts). */
function listed(fullname: string): string {
  const [first = '', ...rest] = fullname.split(' ')
  return `${first} ${rest.at(-1)?.charAt(0) ?? ''}.`
}

/** On the sign-in page, the person chosen from the tablet's list, then their PIN. */
async function takeOver(screen: Screen, fullname: string) {
  await screen.open('/login')
  await screen.click(byRole('button', listed(fullname)))
  await screen.type(byLabel('PIN'), demoPin)
  await screen.click(byRole('button', 'Unlock'))
  await screen.see(byRole('link', 'Start a free guided trial'))
}

inWebKit(
  'two managers share a tablet with the server down: each opens their own with their PIN, the draft and the trial stay their author’s',
  async (screen) => {
    const marker = `Shift change, webkit ${Date.now()}`
    const first = await api.login(demo.manager.email)
    const second = await api.login(demo.managerMe.email)
    await signInToHome(screen, demo.manager.email)
    await signIn(screen, demo.managerMe.email)
    await screen.waitForPath('/')
    await controlledByServiceWorker(screen)
    await kept(screen, ['catalogue', 'products', 'Stick', 'all'])
    await server.stop()

    // The second one starts a trial and leaves it at its second step.
    await screen.click(byRole('link', 'Start a free guided trial'))
    await screen.click(byRole('radio', 'Male'))
    await screen.see(ageGroup)

    // The first takes the tablet, with the server down: their own app, no draft of the other's.
    await takeOver(screen, first.fullname)
    await screen.seeText(`Hello, ${first.fullname}`)
    await screen.click(byRole('link', 'Start a free guided trial'))
    await screen.see(byRole('heading', 'Gender', { level: 2 }))
    await screen.click(byRole('link', /simple trial/))
    await screen.type(byRole('textbox', 'Comment'), marker)
    await screen.click(byRole('button', 'Save'))
    await screen.see(byRole('link', /1 trial waiting/))

    // The second comes back and finds their trial where they left it.
    await takeOver(screen, second.fullname)
    await screen.click(byRole('link', 'Start a free guided trial'))
    await screen.see(ageGroup)

    await server.start({ fresh: false })
    await screen.waitFor(
      'the first one’s trial stored once, under them',
      async () => {
        const stored = (await api.storedTrials()).filter((trial) =>
          JSON.stringify(trial.comment).includes(marker),
        )
        if (stored.length > 1) assert.fail('stored twice')
        return stored.length === 1 && stored[0]?.user.id === first.id
      },
      60_000,
    )
  },
  { timeout: 240_000 },
)
