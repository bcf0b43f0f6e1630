import assert from 'node:assert/strict'
import { demo } from '../support/accounts.ts'
import { inWebKit, signIn, webkitSuite } from './harness.ts'
import { byLabel, byRole } from './screen.ts'

webkitSuite()

inWebKit('a manager signs in, typing as a person does, and sees the home', async (screen) => {
  await signIn(screen, demo.manager.email)
  await screen.waitForPath('/')
  await screen.see(byRole('link', /Vouchers/))
  await screen.see(byRole('link', /Consumers/))
  await screen.see(byRole('link', 'Start a free guided trial'))
})

inWebKit(
  'a wrong password is refused with a message and the user stays signed out',
  async (screen) => {
    await signIn(screen, demo.agent.email, 'Wrong!2345')
    await screen.see(byRole('alert', undefined, { text: 'Wrong email or password.' }))
    assert.match(await screen.path(), /^\/login/)
    assert.equal(await screen.value(byLabel('Email')), demo.agent.email)
  },
)

inWebKit(
  'with no language chosen the app speaks Montenegrin',
  async (screen) => {
    await screen.see(byRole('heading', 'Dobrodošli'))
    await screen.see(byRole('button', 'Prijavi se'))
    assert.equal(await screen.run(() => document.documentElement.lang), 'sr-Latn-ME')
  },
  { locale: null },
)

inWebKit(
  'switching the language in settings changes the texts and is kept after a reload',
  async (screen) => {
    await signIn(screen, demo.manager.email)
    await screen.click(byRole('link', /^Hello, /))
    await screen.see(byRole('heading', 'Settings', { level: 1 }))
    await screen.click(byRole('radio', 'Srpski'))
    await screen.see(byRole('heading', 'Podešavanja', { level: 1 }))
    await screen.see(byRole('button', 'Odjava'))
    await screen.reload()
    await screen.see(byRole('heading', 'Podešavanja', { level: 1 }))
    assert.equal(await screen.run(() => document.documentElement.lang), 'sr-Latn-RS')
    // The device keeps the choice for the next person to sign in.
    await screen.click(byRole('button', 'Odjava'))
    await screen.waitForPath('/login')
    await screen.see(byRole('heading', 'Dobrodošli'))
    await screen.see(byRole('button', 'Prijavi se'))
  },
)
