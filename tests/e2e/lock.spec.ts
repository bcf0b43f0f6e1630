import type { Page } from '@playwright/test'
import { demoPin } from '../support/sign-in.ts'
import {
  test,
  expect,
  signIn,
  demo,
  demoPassword,
  controlledByServiceWorker,
  deviceStorageAsText,
  keptOnDevice,
  openKeptCustomer,
  apiLogin,
  apiGet,
} from './fixtures.ts'
import { answerUpToContact, enterValidContact } from './trial-driver.ts'

// These tests meet the lock screen themselves: no PIN is entered for them after a page load.
test.use({ unlockOnLoad: false })

/** The pages whose time the test moves (from then on, the page's clock is the test's). */
const clocked = new WeakSet<Page>()

/**
 * The tablet put down longer than the idle lock's time, the app not running meanwhile (no timer
 * fires): its next load asks for the PIN (docs/decisions/0031).
 */
async function putDown(page: Page) {
  const now = await page.evaluate(() => Date.now())
  if (!clocked.has(page)) await page.clock.install({ time: now })
  clocked.add(page)
  await page.clock.setSystemTime(now + 6 * 60_000)
}

const lockHeading = (page: Page) => page.getByRole('heading', { name: 'The app is locked' })
const pinField = (page: Page) => page.getByLabel('PIN', { exact: true })

async function enterPin(page: Page, pin: string) {
  await pinField(page).fill(pin)
  await page.getByRole('button', { name: 'Unlock', exact: true }).click()
}

test('the first sign-in on a device asks for a PIN of at least 6 digits, saved once however often it is clicked', async ({
  page,
}) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill(demo.agent.email)
  await page.getByLabel('Password', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Choose a PIN' })).toBeVisible()
  // Nothing behind sign-in is drawn before the PIN.
  await expect(page.getByRole('banner')).toHaveCount(0)

  const save = page.getByRole('button', { name: 'Save the PIN' })
  await pinField(page).fill('1234')
  await page.getByLabel('Repeat the PIN').fill('1234')
  await save.click()
  await expect(page.getByText('A PIN has at least 6 digits, and only digits.')).toBeVisible()
  await pinField(page).fill(demoPin)
  await page.getByLabel('Repeat the PIN').fill('135790')
  await save.click()
  await expect(page.getByText('The two PINs are not the same.')).toBeVisible()
  await page.getByLabel('Repeat the PIN').fill(demoPin)
  await save.dblclick()
  await expect(page.getByRole('link', { name: 'Start a free guided trial' })).toBeVisible()

  // The next sign-in on this device asks for no new PIN: the password opens the kept key.
  await putDown(page)
  await page.reload()
  await page.getByRole('button', { name: 'Someone new: sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible()
  await signIn(page, demo.agent.email)
  await expect(page.getByRole('link', { name: 'Start a free guided trial' })).toBeVisible()
  await putDown(page)
  await page.reload()
  await expect(lockHeading(page)).toBeVisible()
  await enterPin(page, demoPin)
  await expect(page.getByRole('link', { name: 'Start a free guided trial' })).toBeVisible()
})

test('five idle minutes lock the app; the PIN opens it again, offline too', async ({
  page,
  context,
}) => {
  await page.clock.install()
  await signIn(page, demo.agent.email)
  const home = page.getByRole('link', { name: 'Start a free guided trial' })
  await expect(home).toBeVisible()

  await page.clock.runFor('04:30')
  await expect(home).toBeVisible()
  await page.clock.runFor('00:40')
  await expect(lockHeading(page)).toBeVisible()
  await expect(home).toHaveCount(0)
  await expect(page.getByText(/Signed in as /)).toBeVisible()

  await context.setOffline(true)
  await enterPin(page, '000000')
  await expect(page.getByRole('alert')).toContainText(
    'Wrong PIN: 4 more tries before you are signed out.',
  )
  await enterPin(page, demoPin)
  await expect(home).toBeVisible()
})

test('inside the trial wizard the app waits 15 minutes, and its draft survives the lock', async ({
  page,
}) => {
  await page.clock.install()
  await signIn(page, demo.agent.email)
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
  await page.getByRole('option').first().click()
  const gender = page.getByRole('heading', { name: /gender/i })
  await expect(gender).toBeVisible()

  await page.clock.runFor('06:00')
  await expect(gender).toBeVisible()
  await page.clock.runFor('09:30')
  await expect(lockHeading(page)).toBeVisible()
  await enterPin(page, demoPin)
  await expect(gender).toBeVisible()
})

test('five wrong PINs sign the user out and keep their unsent trials', async ({
  page,
  context,
}) => {
  await signIn(page, demo.agent.email)
  await controlledByServiceWorker(page)
  // The stores kept, so that the trial's store picker works offline.
  await keptOnDevice(page, ['stores', 'all'])
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await page.getByRole('link', { name: /simple trial/ }).click()
  await context.setOffline(true)
  await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
  await page.getByRole('option').first().click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(`Locked out ${Date.now()}`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('link', { name: /1 trial waiting/ })).toBeVisible()

  await putDown(page)
  await page.reload()
  for (let attempt = 1; attempt < 5; attempt++) {
    await enterPin(page, '111111')
    await expect(page.getByRole('alert')).toContainText('Wrong PIN')
  }
  await enterPin(page, '111111')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByText(/Too many wrong PINs/).first()).toBeVisible()
  const waiting = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('brand-expert')
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count()
          count.onsuccess = () => resolve(count.result)
          count.onerror = () => reject(count.error ?? new Error('not counted'))
        }
      }),
  )
  expect(waiting).toBe(1)
})

test('the password opens the lock online, only for the account locked; someone new steps it away, listed', async ({
  page,
  context,
}) => {
  await signIn(page, demo.manager.email)
  await putDown(page)
  await page.reload()
  await expect(lockHeading(page)).toBeVisible()

  await page.getByRole('button', { name: 'Use the password instead' }).click()
  await context.setOffline(true)
  await expect(page.getByText('The password can be checked only with a connection')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unlock with the password' })).toBeDisabled()
  await context.setOffline(false)
  // The device does not keep the email in the clear: after a reload it is asked for.
  await page.getByLabel('Email').fill(demo.agent.email)
  await page.getByLabel('Password', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Unlock with the password' }).click()
  await expect(page.getByRole('alert')).toContainText('This is not the account locked here.')
  await expect(lockHeading(page)).toBeVisible()
  await page.getByLabel('Email').fill(demo.manager.email)
  await page.getByLabel('Password', { exact: true }).fill('Wrong!Pass9')
  await page.getByRole('button', { name: 'Unlock with the password' }).click()
  await expect(page.getByRole('alert')).toContainText('Wrong email or password.')
  await page.getByLabel('Password', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Unlock with the password' }).dblclick()
  await expect(page.getByRole('banner')).toBeVisible()

  await putDown(page)
  await page.reload()
  await page.getByRole('button', { name: 'Someone new: sign in' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull()
  // Not signed out: the manager is one tap and their PIN away.
  await expect(
    page.getByRole('region', { name: 'Who is working?' }).getByRole('button'),
  ).toHaveCount(1)
})

test('the PIN is changed in the settings; the old one no longer opens the app', async ({
  page,
}) => {
  await signIn(page, demo.agent.email)
  await page.goto('/settings')
  const card = page.getByRole('region', { name: 'Change the PIN' })
  await card.getByLabel('Current PIN').fill('999999')
  await card.getByLabel('New PIN', { exact: true }).fill('135791')
  await card.getByLabel('Repeat the new PIN').fill('135791')
  await card.getByRole('button', { name: 'Change the PIN' }).click()
  await expect(card.getByText('The current PIN is wrong.')).toBeVisible()
  await card.getByLabel('Current PIN').fill(demoPin)
  await card.getByRole('button', { name: 'Change the PIN' }).dblclick()
  await expect(card.getByRole('status')).toHaveText('Your PIN is changed.')

  await putDown(page)
  await page.reload()
  await enterPin(page, demoPin)
  await expect(page.getByRole('alert')).toContainText('Wrong PIN')
  await enterPin(page, '135791')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
})

test("the signed-in user's email and phone are nowhere in the device's storage in the clear, and the app shows them again after a reload and the PIN, offline too", async ({
  page,
  context,
  request,
}) => {
  const { token } = await apiLogin(request, demo.manager.email)
  const me = await apiGet<{ fullname: string; email: string; phone: string | null }>(
    request,
    token,
    'me',
  )
  const phone = me.phone ?? ''
  expect(phone).not.toBe('')
  const notInStorage = async () => {
    const kept = await deviceStorageAsText(page)
    expect(kept).toContain(me.fullname)
    expect(kept).not.toContain(me.email)
    expect(kept).not.toContain(phone)
    expect(kept).not.toContain(phone.slice(4))
  }
  await signIn(page, demo.manager.email)
  await controlledByServiceWorker(page)
  await page.goto('/settings')
  const profile = page.getByRole('region', { name: 'Profile' })
  await expect(profile).toContainText(me.email)
  await expect(profile).toContainText(phone)
  await notInStorage()

  // A session an older build kept, with the email and phone in the clear: the next start drops them.
  await page.evaluate(
    ({ email, phone }) => {
      const stored = JSON.parse(localStorage.getItem('session') ?? '{}') as { user: object }
      localStorage.setItem('session', JSON.stringify({ user: { ...stored.user, email, phone } }))
    },
    { email: me.email, phone },
  )
  await context.setOffline(true)
  await putDown(page)
  await page.reload()
  await expect(lockHeading(page)).toBeVisible()
  await expect(page.getByText(`Signed in as ${me.fullname}.`)).toBeVisible()
  await notInStorage()
  await enterPin(page, demoPin)
  await expect(page.getByRole('link', { name: `Hello, ${me.fullname}` })).toBeVisible()
  await expect(profile).toContainText(me.email)
  await expect(profile).toContainText(phone)
  await notInStorage()
  await context.setOffline(false)
})

test("no customer's email or phone is readable in the device's storage, signed in or after sign-out", async ({
  page,
}) => {
  const email = `kept-${Date.now()}@example.com`
  const phone = '+381641234568'
  const notInStorage = async () => {
    const kept = await deviceStorageAsText(page)
    expect(kept).not.toContain(email)
    expect(kept).not.toContain(phone)
    expect(kept).not.toContain(phone.slice(4))
  }
  await signIn(page, demo.agent.email)
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
  // A Belgrade store (the list shows every store until the search has answered): Serbian phones.
  await page.getByRole('option').filter({ hasText: 'Beo' }).first().click()
  await answerUpToContact(page)
  await enterValidContact(page, email, phone)

  // The draft holds the contact (a reload resumes with it), yet it is nowhere in the clear.
  await putDown(page)
  await page.reload()
  await enterPin(page, demoPin)
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
  await notInStorage()

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login/)
  await notInStorage()
})

test('after a reload with no connection a kept customer opens only after the PIN, and is nowhere in the clear', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  await page.goto('/customers')
  const { id } = await openKeptCustomer(page)
  const { token } = await apiLogin(request, demo.manager.email)
  const customer = await apiGet<{ fullname: string; email: string | null; phone: string | null }>(
    request,
    token,
    `customer/${id}`,
  )
  const heading = page.getByRole('heading', { level: 1, name: customer.fullname })
  await expect(heading).toBeVisible()
  const kept = await deviceStorageAsText(page)
  for (const personal of [customer.fullname, customer.email, customer.phone]) {
    if (personal) expect(kept).not.toContain(personal)
  }

  await context.setOffline(true)
  await putDown(page)
  await page.reload()
  await expect(lockHeading(page)).toBeVisible()
  await expect(page.getByText(customer.fullname)).toHaveCount(0)
  await enterPin(page, demoPin)
  await expect(heading).toBeVisible()
  await context.setOffline(false)
})

test('where the tablet has a fingerprint reader, the user turns it on with the PIN and it opens the lock instead; a wrong PIN turns nothing on', async ({
  browser,
  baseURL,
}) => {
  // A passkey belongs to a domain name, never to an address: the app as localhost.
  const context = await browser.newContext({
    baseURL: (baseURL ?? '').replace('127.0.0.1', 'localhost'),
    viewport: { width: 768, height: 1024 },
  })
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  try {
    const page = await context.newPage()
    // The tablet's platform authenticator: verifies its user, with PRF (Chromium's virtual one).
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        ctap2Version: 'ctap2_1',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        hasPrf: true,
        automaticPresenceSimulation: true,
      },
    })
    await signIn(page, demo.agent.email)
    await expect(page.getByRole('link', { name: 'Start a free guided trial' })).toBeVisible()

    await page.goto('/settings')
    const card = page.getByRole('region', { name: 'Fingerprint or face' })
    const turnOn = card.getByRole('button', { name: 'Use fingerprint or face' })
    await card.getByLabel('Your PIN').fill('000000')
    await turnOn.click()
    await expect(card.getByText('The PIN is wrong.')).toBeVisible()
    await card.getByLabel('Your PIN').fill(demoPin)
    await turnOn.dblclick()
    await expect(card.getByRole('status')).toHaveText(
      'Done: your fingerprint or face now opens the app on this device.',
    )
    // Pressed twice: one passkey made.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)

    await putDown(page)
    await page.reload()
    await expect(lockHeading(page)).toBeVisible()
    await page.getByRole('button', { name: 'Unlock with fingerprint or face' }).click()
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()

    // Turned off, the lock asks for the PIN only.
    await card.getByRole('button', { name: 'Stop using fingerprint or face' }).click()
    await expect(card.getByRole('status')).toHaveText(
      'The app no longer opens with your fingerprint or face.',
    )
    await putDown(page)
    await page.reload()
    await expect(lockHeading(page)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Unlock with fingerprint or face' })).toHaveCount(
      0,
    )
  } finally {
    await context.close()
  }
})

test('opening the sign-in page on a locked tablet shows the lock first; the PIN or someone new then steps the user away', async ({
  page,
}) => {
  await signIn(page, demo.agent.email)
  await expect(page.getByRole('link', { name: 'Start a free guided trial' })).toBeVisible()

  // Typing the address is no way around the lock: nothing is drawn before the PIN.
  await putDown(page)
  await page.goto('/login')
  await expect(lockHeading(page)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0)
  // The PIN opens the page asked for, where the user steps away (listed, their data kept locked).
  await enterPin(page, demoPin)
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('')

  await signIn(page, demo.agent.email)
  await expect(page.getByRole('link', { name: 'Start a free guided trial' })).toBeVisible()
  await putDown(page)
  await page.goto('/login')
  await expect(lockHeading(page)).toBeVisible()
  await page.getByRole('button', { name: 'Someone new: sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible()
})

test('a reload within the idle lock’s time opens the app without the PIN; after it, with the clock set back, or once locked, the PIN is asked', async ({
  page,
}) => {
  await page.clock.install()
  clocked.add(page)
  await signIn(page, demo.agent.email)
  const home = page.getByRole('link', { name: 'Start a free guided trial' })
  await expect(home).toBeVisible()
  // An iPad relaunching the app a minute later: as it was.
  await page.clock.runFor('01:00')
  await page.reload()
  await expect(home).toBeVisible()
  await expect(lockHeading(page)).toHaveCount(0)

  // The tablet's clock set back before the app was last in use: no way past the lock.
  const now = await page.evaluate(() => Date.now())
  await page.clock.setSystemTime(now - 60 * 60_000)
  await page.reload()
  await expect(lockHeading(page)).toBeVisible()
  await enterPin(page, demoPin)
  await expect(home).toBeVisible()

  // Put down longer than the lock's time, the app not running: the PIN.
  await putDown(page)
  await page.reload()
  await expect(lockHeading(page)).toBeVisible()
  await enterPin(page, demoPin)
  await expect(home).toBeVisible()

  // Locked for want of use, then reloaded at once: the PIN still.
  await page.clock.runFor('05:10')
  await expect(lockHeading(page)).toBeVisible()
  await page.reload()
  await expect(lockHeading(page)).toBeVisible()
})
