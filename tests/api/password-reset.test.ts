import { describe, expect, it } from 'vitest'
import { messages } from '../../src/contract/messages.ts'
import { issueToken } from '../../server/auth/tokens.ts'
import { createUser, goodPassword, mailsTo, signIn, type ReceivedMail } from './support/fixtures.ts'
import { databases, useApi, type TestApi } from './support/harness.ts'

const newPassword = 'Nova!Lozinka9'
const minute = 60 * 1000

function requestReset(api: TestApi, email: string, language: 'en' | 'me' = 'en') {
  return api.request('POST', '/user/forgot-password/email', { body: { email }, language })
}

function linkOf(mail: ReceivedMail | undefined): URL {
  if (!mail?.link) throw new Error('no link in the mail')
  return new URL(mail.link)
}

function reset(
  api: TestApi,
  body: { email: string; token: string; password?: string; confirmPassword?: string },
  language: 'en' | 'me' = 'en',
) {
  return api.request('POST', '/user/reset', {
    body: { password: newPassword, confirmPassword: newPassword, ...body },
    language,
  })
}

function login(api: TestApi, email: string, password: string) {
  return api.request('POST', '/user/login', { body: { email, password } })
}

describe.each(databases)('password reset on $name', (database) => {
  const api = useApi(database)

  it('answers the same for an existing and an unknown email', async () => {
    const agent = await createUser(api)
    const known = await requestReset(api, agent.email)
    const unknown = await requestReset(api, 'nobody-here@example.rs')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
    expect(known.body).toEqual({ data: null, message: messages.resetMailSent.message })
    expect(await mailsTo(api, 'nobody-here@example.rs')).toEqual([])
  })

  it('mails a link to the reset page, in the language of the request', async () => {
    const agent = await createUser(api)
    await requestReset(api, agent.email, 'me')
    const [mail, ...others] = await mailsTo(api, agent.email)
    expect(others).toEqual([])
    expect(mail?.subject).toBe('Promjena lozinke za Brand Expert')
    expect(mail?.text).toContain('Otvorite ovaj link u roku od sat vremena')
    const link = linkOf(mail)
    expect(link.origin + link.pathname).toBe('https://brand-expert.test/password-reset')
    expect(link.searchParams.get('email')).toBe(agent.email)
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/)
  })

  it('sets the new password with the link, once', async () => {
    const agent = await createUser(api)
    await requestReset(api, agent.email)
    const token = linkOf((await mailsTo(api, agent.email))[0]).searchParams.get('token') ?? ''

    const response = await reset(api, { email: agent.email, token })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ data: null, message: messages.passwordSet.message })
    expect((await login(api, agent.email, newPassword)).status).toBe(200)
    expect((await login(api, agent.email, goodPassword)).status).toBe(401)

    const again = await reset(api, { email: agent.email, token })
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ message: messages.tokenInvalid.message })
  })

  it('refuses a link older than an hour', async () => {
    const agent = await createUser(api)
    await requestReset(api, agent.email)
    const token = linkOf((await mailsTo(api, agent.email))[0]).searchParams.get('token') ?? ''
    api.clock.advance(60 * 60 * 1000 + 1000)
    const response = await reset(api, { email: agent.email, token }, 'me')
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      message: 'Link nije validan ili je istekao. Zatražite novi.',
    })
  })

  it("refuses another user's link, which stays good for its user", async () => {
    const owner = await createUser(api)
    const other = await createUser(api)
    await requestReset(api, owner.email)
    const token = linkOf((await mailsTo(api, owner.email))[0]).searchParams.get('token') ?? ''
    const refused = await reset(api, { email: other.email, token })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ message: messages.tokenInvalid.message })
    expect((await reset(api, { email: owner.email, token })).status).toBe(200)
  })

  it('refuses an unknown token', async () => {
    const agent = await createUser(api)
    const response = await reset(api, { email: agent.email, token: 'made-up-token' })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ message: messages.tokenInvalid.message })
  })

  it('makes an earlier link stop working when a new one is asked for', async () => {
    const agent = await createUser(api)
    await requestReset(api, agent.email)
    const first = linkOf((await mailsTo(api, agent.email))[0]).searchParams.get('token') ?? ''
    api.clock.advance(2 * minute + 1000)
    await requestReset(api, agent.email)
    const mails = await mailsTo(api, agent.email)
    expect(mails).toHaveLength(2)
    const second =
      mails.map((mail) => linkOf(mail).searchParams.get('token')).find((t) => t !== first) ?? ''
    expect((await reset(api, { email: agent.email, token: first })).status).toBe(400)
    expect((await reset(api, { email: agent.email, token: second })).status).toBe(200)
  })

  it('floods no mailbox: one reset mail per account in 2 minutes and 5 an hour, the same 200 each time', async () => {
    const agent = await createUser(api)
    const answers = [await requestReset(api, agent.email), await requestReset(api, agent.email)]
    expect(await mailsTo(api, agent.email)).toHaveLength(1)
    for (let asked = 3; asked <= 7; asked += 1) {
      api.clock.advance(2 * minute + 1000)
      answers.push(await requestReset(api, agent.email))
    }
    // Seven asked for within 11 minutes: the second (too soon) and the seventh (a sixth in the
    // hour) are held back; an hour after the first, one more goes.
    expect(await mailsTo(api, agent.email)).toHaveLength(5)
    api.clock.advance(50 * minute)
    answers.push(await requestReset(api, agent.email))
    expect(await mailsTo(api, agent.email)).toHaveLength(6)
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ data: null, message: messages.resetMailSent.message })
    }
  })

  it('voids unused reset and setup links once the password is changed or reset (an old link in a mailbox sets no password)', async () => {
    const agent = await createUser(api)
    const setUp = (token: string) =>
      api.request('POST', '/user/password', {
        body: { token, password: newPassword, confirmPassword: newPassword },
        language: 'en',
      })
    const resetLink = await issueToken(api.db, agent.id, 'reset', api.clock.now)
    const setupLink = await issueToken(api.db, agent.id, 'setup', api.clock.now)
    const token = await signIn(api, agent)
    const changed = await api.request('POST', '/user/change-password', {
      token,
      body: { currentPassword: goodPassword, password: newPassword, confirmPassword: newPassword },
    })
    expect(changed.status).toBe(200)
    const afterChange = [
      await reset(api, { email: agent.email, token: resetLink }),
      await setUp(setupLink),
    ]

    const usedLink = await issueToken(api.db, agent.id, 'reset', api.clock.now)
    const otherSetupLink = await issueToken(api.db, agent.id, 'setup', api.clock.now)
    expect((await reset(api, { email: agent.email, token: usedLink })).status).toBe(200)
    const afterReset = [await setUp(otherSetupLink)]

    for (const refused of [...afterChange, ...afterReset]) {
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ message: messages.tokenInvalid.message })
    }
    expect((await login(api, agent.email, newPassword)).status).toBe(200)
  })

  it('names the password rule that fails and a confirmation that differs', async () => {
    const agent = await createUser(api)
    const cases = [
      {
        password: 'kratko',
        confirmPassword: 'kratko',
        field: 'password',
        en: 'Password must have at least 8 characters.',
        me: 'Lozinka mora imati najmanje 8 karaktera.',
      },
      {
        password: 'bezvelikih1!',
        confirmPassword: 'bezvelikih1!',
        field: 'password',
        en: 'Password must contain an uppercase letter.',
        me: 'Lozinka mora sadržati veliko slovo.',
      },
      {
        password: newPassword,
        confirmPassword: 'Druga!Lozinka9',
        field: 'confirmPassword',
        en: 'Passwords do not match.',
        me: 'Lozinke se ne poklapaju.',
      },
    ]
    for (const { password, confirmPassword, field, ...texts } of cases) {
      for (const language of ['en', 'me'] as const) {
        const response = await reset(
          api,
          { email: agent.email, token: 'any', password, confirmPassword },
          language,
        )
        expect(response.status).toBe(400)
        const message = texts[language]
        expect(response.body).toMatchObject({ message, invalidFields: [{ field, message }] })
      }
    }
    const missing = await api.request('POST', '/user/reset', { body: {}, language: 'en' })
    expect(missing.body).toMatchObject({
      message: 'This field is required',
      invalidFields: ['email', 'password', 'confirmPassword', 'token'].map((field) => ({
        field,
        message: 'This field is required',
      })),
    })
  })
})

describe.each(databases)('password reset mails from one address on $name', (database) => {
  const api = useApi(database)

  it('mails 20 accounts an hour from one address, and answers the 21st the same 200', async () => {
    const accounts = await Promise.all(Array.from({ length: 21 }, () => createUser(api)))
    const answers = []
    for (const account of accounts) answers.push(await requestReset(api, account.email))
    const mailed = await Promise.all(accounts.map(async (account) => mailsTo(api, account.email)))
    expect(mailed.map((mails) => mails.length)).toEqual([...Array.from({ length: 20 }, () => 1), 0])
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ data: null, message: messages.resetMailSent.message })
    }
  })
})
