import assert from 'node:assert/strict'
import { demo } from '../support/accounts.ts'
import {
  api,
  controlledByServiceWorker,
  inWebKit,
  kept,
  signInToHome,
  webkitSuite,
} from './harness.ts'
import { byLabel, byRole, within, type Screen } from './screen.ts'

// WebKit has no Background Sync: every trial below reaches the server through the page's own
// replay (on start, on the timer while trials wait, after sign-in), never through a wake-up.
const server = webkitSuite()

const next = byRole('button', 'Next')
const everySent = 'Every finished trial has reached the server.'

async function step(screen: Screen, name: string) {
  await screen.see(byRole('heading', name, { level: 2 }))
}

/** The trials on the server whose comment carries `marker`. */
async function storedWith(marker: string) {
  return (await api.storedTrials()).filter((trial) =>
    JSON.stringify(trial.comment).includes(marker),
  )
}

/** Signs a manager in and waits until the app is ready for the server to go: shell and look-ups. */
async function readyForOffline(screen: Screen, email: string) {
  await signInToHome(screen, email)
  await controlledByServiceWorker(screen)
  await kept(screen, ['catalogue', 'products', 'Stick', 'all'])
}

inWebKit(
  'a trial finished while the server is down waits on the device, survives a reload, and is stored once when the server is back',
  async (screen) => {
    const marker = `Server down, webkit ${Date.now()}`
    await readyForOffline(screen, demo.manager.email)
    await screen.click(byRole('link', 'Start a free guided trial'))
    await step(screen, 'Gender')
    await screen.click(byRole('radio', 'Male'))
    await screen.click(byRole('radio', '56+'))
    await step(screen, 'Habits')
    await screen.click(byRole('button', 'E-cigarettes (vape)'))
    await screen.click(next)
    await screen.click(byRole('radio', '0–5'))
    await step(screen, 'How did the customer hear about us?')
    await screen.click(byRole('button', 'Other'))
    await screen.click(next)
    await step(screen, 'Email and phone')
    await screen.click(byRole('button', 'No email'))
    await step(screen, 'Sticks tried')
    await screen.click(next)
    await step(screen, 'Did the customer buy?')
    await screen.click(byRole('radio', 'No, did not buy'))
    await screen.click(next)
    await step(screen, 'Unsuccessful purchase')
    await screen.click(byRole('button', 'Needs time to think'))
    await screen.type(byRole('textbox', 'Comment'), marker)

    await server.stop()
    await screen.click(byRole('button', 'Finish'))
    await screen.waitForPath(/^\/free-guided-trial-success/)
    await screen.see(byRole('heading', 'The trial is saved', { level: 1 }))
    await screen.see(byRole('link', /1 trial waiting/))

    // A reload with the server down: the app comes from the service worker, the trial from the
    // device's outbox.
    await screen.reload()
    await screen.follow(byRole('link', /1 trial waiting/), '/outbox')
    await screen.seeText('Waiting to be sent')
    assert.deepEqual(await storedWith(marker).catch(() => 'no server'), 'no server')

    await server.start({ fresh: false })
    // Nothing pressed: the page's own replay sends it (its timer, past the backoff).
    await screen.seeText(everySent, 60_000)
    await screen.gone(byRole('link', /trial waiting/))
    assert.equal((await storedWith(marker)).length, 1)
    // Another reload and a while longer change nothing.
    await screen.reload()
    await screen.seeText(everySent)
    assert.equal((await storedWith(marker)).length, 1)
  },
  { timeout: 180_000 },
)

inWebKit('a customer viewed online opens again with the server down', async (screen) => {
  await readyForOffline(screen, demo.manager.email)
  await screen.open('/customers')
  await screen.type(byLabel('Email, phone, referral code or name'), 'Petrović')
  assert.equal(await screen.value(byLabel('Email, phone, referral code or name')), 'Petrović')
  await screen.click(byRole('button', 'Search'))
  const first = within(byRole('table', 'Results'), byRole('link'))
  const name = (await (await screen.find(first)).getText()).trim()
  await screen.click(first)
  await screen.waitForPath(/^\/customers\/\d+\/overview$/)
  const path = await screen.path()
  const id = Number(/\/customers\/(\d+)/.exec(path)?.[1])
  await screen.see(byRole('heading', name, { level: 1 }))
  await kept(screen, ['customers', 'detail', id])

  await server.stop()
  await screen.open(path)
  await screen.see(byRole('heading', name, { level: 1 }))
})

inWebKit(
  'logging out with a trial waiting asks first, and the trial goes once there is a connection',
  async (screen) => {
    const marker = `Logged out, webkit ${Date.now()}`
    await readyForOffline(screen, demo.managerMe.email)
    await server.stop()
    await screen.open('/free-guided-trial/simple')
    await screen.type(byRole('textbox', 'Comment'), marker)
    await screen.click(byRole('button', 'Save'))
    await screen.see(byRole('link', /1 trial waiting/))

    await screen.click(byRole('button', 'Log out'))
    const dialog = byRole('dialog', 'Log out with unsent trials?')
    await screen.see(
      byRole('dialog', 'Log out with unsent trials?', {
        text: /sent as soon as there is a connection/,
      }),
    )
    await screen.click(within(dialog, byRole('button', 'Log out')))
    await screen.waitForPath('/login')

    await server.start({ fresh: false })
    assert.equal((await storedWith(marker)).length, 0)
    await signInToHome(screen, demo.managerMe.email)
    await screen.open('/outbox')
    await screen.seeText(everySent, 30_000)
    assert.equal((await storedWith(marker)).length, 1)
  },
)

inWebKit(
  'a page left by its address while it writes to the device holds up no other page',
  async (screen) => {
    const marker = `Left at once, webkit ${Date.now()}`
    await signInToHome(screen, demo.manager.email)
    for (const which of [1, 2, 3]) {
      await screen.open('/free-guided-trial/simple')
      await screen.type(byRole('textbox', 'Comment'), `${marker} ${which}`)
      await screen.click(byRole('button', 'Save'))
      await screen.waitForPath('/')
      // At once, while the trial is being sent and its receipt kept: another address. WebKit keeps
      // the page left in its back/forward cache, frozen as it is.
      await screen.open('/outbox')
      await screen.see(byRole('heading', 'Trials waiting to be sent', { level: 1 }))
      await screen.waitFor(
        'the outbox read from the device',
        async () =>
          /Waiting to be sent|Every finished trial has reached the server/.test(
            await screen.text(),
          ),
        5_000,
      )
    }
    await screen.seeText(everySent, 30_000)
    assert.equal((await storedWith(marker)).length, 3)
  },
)
