import { randomBytes, randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { MessageDescriptor } from '@lingui/core'
import { loginAnswerSchema } from '../../src/contract/auth.ts'
import {
  editionSchema,
  type Edition,
  type EditionLists,
} from '../../src/contract/content-edition.ts'
import { editionListSchema } from '../../src/contract/content-requests.ts'
import { dataEnvelope, errorEnvelopeSchema } from '../../src/contract/http.ts'
import { locales } from '../../src/contract/locale.ts'
import * as options from '../../src/contract/trial-options.ts'
import * as labels from '../../src/contract/trial-labels.ts'
import { consentTextId } from '../../src/contract/consents.ts'
import { editionOneConsentTextIds } from '../support/consent-text-ids.ts'
import { auditLog } from '../../server/db/schema/audit.ts'
import { translate } from '../../server/i18n.ts'
import { createUser, goodPassword, signedInCaller } from './support/fixtures.ts'
import { byDevice } from './support/device-fixtures.ts'
import { databases, expectShape, useApi, type ApiResponse } from './support/harness.ts'

const hour = 60 * 60_000
const editionAnswer = dataEnvelope(editionSchema)

/** A list's answer in every locale, as a new one is added. */
function answer(key: string, words = key, active = true) {
  return { key, labels: { me: `${words} (me)`, sr: `${words} (sr)`, en: words }, active }
}

/** `lists` with `other` kept last and `added` just before it. */
function withReferralSource(lists: EditionLists, added: ReturnType<typeof answer>): EditionLists {
  const others = lists.referralSources.filter((entry) => entry.key !== 'other')
  const other = lists.referralSources.filter((entry) => entry.key === 'other')
  return { ...lists, referralSources: [...others, added, ...other] }
}

/** The labels today's catalogs give the keys of a list, in each locale. */
function catalogLabels(keys: readonly string[], descriptors: Record<string, MessageDescriptor>) {
  return keys.map((key) => {
    const descriptor = descriptors[key]
    if (!descriptor) throw new Error(`no label for ${key}`)
    return Object.fromEntries(locales.map((locale) => [locale, translate(locale, descriptor.id)]))
  })
}

describe.each(databases)('content editions on $name', (database) => {
  const api = useApi(database)

  const admin = () => signedInCaller(api, 'admin', null, 'Content')

  function call(token: string, method: string, path: string, body?: unknown, headers = {}) {
    return api.request(method, path, {
      token,
      language: 'en',
      ...(body === undefined ? {} : { body }),
      headers: { 'Idempotency-Key': randomUUID(), ...headers },
    })
  }

  function editionOf(response: ApiResponse): Edition {
    return expectShape(editionAnswer, response.body).data
  }

  function refusal(response: ApiResponse) {
    return expectShape(errorEnvelopeSchema, response.body)
  }

  async function current(token: string) {
    const response = await api.request('GET', '/content/current', { token })
    expect(response.status).toBe(200)
    return { edition: editionOf(response), etag: response.headers.get('ETag') ?? '' }
  }

  async function draft(token: string, from?: number) {
    const response = await call(token, 'POST', '/content/create', from ? { from } : {})
    expect(response.status).toBe(201)
    return editionOf(response)
  }

  function update(token: string, edition: Edition, headers = {}) {
    const { id, lists, consents, consentAutoTick } = edition
    return call(token, 'POST', '/content/update', { id, lists, consents, consentAutoTick }, headers)
  }

  async function published(token: string, edition: Edition) {
    expect((await update(token, edition)).status).toBe(200)
    const response = await call(token, 'POST', '/content/publish', { id: edition.id })
    expect(response.status).toBe(200)
    return editionOf(response)
  }

  async function contentAudit(id: number) {
    return api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `content:${id}`))
      .orderBy(asc(auditLog.id))
  }

  it("edition 1 holds today's keys, the catalogs' labels and the consents' texts", async () => {
    const { token } = await admin()
    const response = await api.request('GET', '/content/1', { token })
    expect(response.status).toBe(200)
    const { lists, consents, consentAutoTick, publishedAt } = editionOf(response)
    expect(publishedAt).not.toBeNull()
    const keys = (list: readonly { key: string }[]) => list.map((entry) => entry.key)
    const words = (list: readonly { labels: unknown }[]) => list.map((entry) => entry.labels)
    expect(keys(lists.genders)).toEqual(options.genders)
    expect(keys(lists.habits)).toEqual(options.habits)
    expect(keys(lists.referralSources)).toEqual(options.referralSources)
    expect(keys(lists.stickColors)).toEqual(options.stickColors)
    expect(keys(lists.stickImpressions.negative)).toEqual(options.stickImpressions.negative)
    expect(keys(lists.deviceImpressions.neutral)).toEqual(options.deviceImpressions.neutral)
    expect(keys(lists.shoppingAnswers)).toEqual(options.shoppingAnswers)
    expect(keys(lists.purchaseReasons)).toEqual(options.purchaseReasons)
    expect(keys(lists.noPurchaseReasons)).toEqual(options.noPurchaseReasons)
    expect(words(lists.habits)).toEqual(catalogLabels(options.habits, labels.habitLabels))
    expect(words(lists.genders)).toEqual(catalogLabels(options.genders, labels.genderLabels))
    expect(words(lists.referralSources)).toEqual(
      catalogLabels(options.referralSources, labels.referralSourceLabels),
    )
    expect(words(lists.stickImpressions.positive)).toEqual(
      catalogLabels(options.stickImpressions.positive, labels.stickImpressionLabels.positive),
    )
    expect(words(lists.deviceImpressions.negative)).toEqual(
      catalogLabels(options.deviceImpressions.negative, labels.deviceImpressionLabels.negative),
    )
    expect(words(lists.noPurchaseReasons)).toEqual(
      catalogLabels(options.noPurchaseReasons, labels.noPurchaseReasonLabels),
    )
    expect(lists.ageRanges.map((entry) => entry.key)).toEqual(options.ageRanges)
    expect(lists.ageRanges[0]?.labels).toEqual({ me: '18–24', sr: '18–24', en: '18–24' })
    expect(lists.consumptions.map((entry) => entry.key)).toEqual(options.consumptions)
    expect(lists.stickColors.find((entry) => entry.key === 'tan')?.swatch).toBe('#c9a878')
    expect(Object.values(lists).flat().length).toBeGreaterThan(0)
    // The texts hash to the ids trials already hold.
    expect(await consentTextId(consents.privacyPolicy)).toBe(editionOneConsentTextIds.privacyPolicy)
    expect(await consentTextId(consents.analizeData)).toBe(editionOneConsentTextIds.analizeData)
    expect(consents.privacyPolicy.en).toBe('The customer accepts the privacy policy')
    expect(consentAutoTick).toBe(true)
  })

  it('answers the edition in use to every signed-in role and the device credential, with an ETag and 304', async () => {
    const agent = await signedInCaller(api, 'agent', null)
    const manager = await signedInCaller(api, 'manager', null)
    const first = await current(agent.token)
    expect(first.etag).toMatch(/^"[\w.-]+"$/)
    expect((await current(manager.token)).edition).toEqual(first.edition)
    const again = await api.request('GET', '/content/current', {
      token: agent.token,
      headers: { 'If-None-Match': `"other", ${first.etag}` },
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('ETag')).toBe(first.etag)
    // The browser keeps it and asks each time: its next read is the 304 above, with no body.
    for (const answer of [
      again,
      await api.request('GET', '/content/current', { token: agent.token }),
    ])
      expect(answer.headers.get('Cache-Control')).toBe('private, no-cache')

    const user = await createUser(api, { role: 'agent' })
    const login = await api.request('POST', '/user/login', {
      body: {
        email: user.email,
        password: goodPassword,
        device_id: randomUUID(),
        device_secret: randomBytes(32).toString('base64url'),
      },
    })
    const credential = expectShape(dataEnvelope(loginAnswerSchema), login.body).data
      .device_credential
    if (!credential) throw new Error('no device credential')
    const byTablet = await byDevice(api, credential, 'GET', '/content/current')
    expect(byTablet.status).toBe(200)
    expect(editionOf(byTablet).state).toBe('published')
    expect((await byDevice(api, credential, 'GET', '/content/search')).status).toBe(403)

    // A publication changes the ETag: the old one gets the new edition.
    const { token } = await admin()
    const next = await published(token, await draft(token))
    const after = await api.request('GET', '/content/current', {
      token: agent.token,
      headers: { 'If-None-Match': first.etag },
    })
    expect(after.status).toBe(200)
    expect(editionOf(after).id).toBe(next.id)
    expect(after.headers.get('ETag')).not.toBe(first.etag)
  })

  it('lets experts and managers read the editions trials name, never a draft, never manage editions', async () => {
    const { token } = await admin()
    const first = await draft(token)
    const older = await published(token, first)
    await published(token, await draft(token))
    const made = await draft(token)
    for (const role of ['agent', 'manager'] as const) {
      const caller = await signedInCaller(api, role, null)
      expect((await api.request('GET', '/content/search', { token: caller.token })).status).toBe(
        403,
      )
      // A superseded edition is read whole, as the admin reads it: a trial may name it.
      const read = await api.request('GET', `/content/${older.id}`, { token: caller.token })
      expect(read.status).toBe(200)
      expect(editionOf(read)).toEqual(
        editionOf(await api.request('GET', `/content/${older.id}`, { token })),
      )
      expect(editionOf(read).state).toBe('superseded')
      // A draft is the administration's: to others it is not known.
      const hidden = await api.request('GET', `/content/${made.id}`, { token: caller.token })
      expect(hidden.status).toBe(404)
      expect(refusal(hidden).code).toBe('content.notFound')
      expect((await call(caller.token, 'POST', '/content/create', {})).status).toBe(403)
      expect((await update(caller.token, made)).status).toBe(403)
      expect((await call(caller.token, 'POST', '/content/publish', { id: made.id })).status).toBe(
        403,
      )
      expect((await call(caller.token, 'POST', '/content/delete', { id: made.id })).status).toBe(
        403,
      )
    }
  })

  it('makes a draft of the edition in use, saves it, publishes it and supersedes the one before', async () => {
    const { token, id: adminId } = await admin()
    const before = (await current(token)).edition
    const made = await draft(token)
    expect(made).toMatchObject({ state: 'draft', publishedAt: null, publishedBy: null })
    expect(made.lists).toEqual(before.lists)
    expect(made.consents).toEqual(before.consents)

    const lists = withReferralSource(made.lists, answer('tiktok', 'TikTok'))
    const saved = await update(token, { ...made, lists, consentAutoTick: false })
    expect(saved.status).toBe(200)
    expect(editionOf(saved)).toMatchObject({ state: 'draft', consentAutoTick: false })
    const read = editionOf(await api.request('GET', `/content/${made.id}`, { token }))
    expect(read.lists.referralSources.map((entry) => entry.key).slice(-2)).toEqual([
      'tiktok',
      'other',
    ])

    const publish = await call(token, 'POST', '/content/publish', { id: made.id })
    expect(publish.status).toBe(200)
    const now = editionOf(publish)
    expect(now).toMatchObject({ id: made.id, state: 'published', publishAt: null })
    expect(now.publishedBy?.id).toBe(adminId)
    expect((await current(token)).edition.id).toBe(made.id)
    const previous = editionOf(await api.request('GET', `/content/${before.id}`, { token }))
    expect(previous.state).toBe('superseded')

    const search = await api.request('GET', '/content/search', { token })
    const { rows } = expectShape(dataEnvelope(editionListSchema), search.body).data
    expect(rows.find((row) => row.id === made.id)).toMatchObject({
      state: 'published',
      createdBy: { id: adminId },
    })

    // A published edition is never changed, published again nor deleted.
    for (const response of [
      await update(token, { ...now, consentAutoTick: true }),
      await call(token, 'POST', '/content/publish', { id: made.id }),
      await call(token, 'POST', '/content/delete', { id: made.id }),
    ]) {
      expect(response.status).toBe(409)
      expect(refusal(response).code).toBe('content.notDraft')
    }
  })

  it('schedules a publication, cancels it, and publishes a scheduled one once its time has passed', async () => {
    const { token } = await admin()
    const before = (await current(token)).edition
    const made = await draft(token)
    const at = new Date(api.clock.now().getTime() + hour).toISOString()
    const scheduled = await call(token, 'POST', '/content/publish', { id: made.id, at })
    expect(scheduled.status).toBe(200)
    expect(editionOf(scheduled)).toMatchObject({ state: 'scheduled', publishAt: at })
    expect((await current(token)).edition.id).toBe(before.id)
    expect((await update(token, made)).status).toBe(409)

    const cancelled = await call(token, 'POST', '/content/cancel', { id: made.id })
    expect(cancelled.status).toBe(200)
    expect(editionOf(cancelled)).toMatchObject({ state: 'draft', publishAt: null })
    const again = await call(token, 'POST', '/content/cancel', { id: made.id })
    expect(again.status).toBe(409)
    expect(refusal(again).code).toBe('content.notScheduled')

    expect((await call(token, 'POST', '/content/publish', { id: made.id, at })).status).toBe(200)
    api.clock.advance(2 * hour)
    const now = (await current(token)).edition
    expect(now).toMatchObject({ id: made.id, state: 'published', publishedAt: at })
    const previous = editionOf(await api.request('GET', `/content/${before.id}`, { token }))
    expect(previous.state).toBe('superseded')
    const late = await call(token, 'POST', '/content/cancel', { id: made.id })
    expect(late.status).toBe(409)
  })

  it('publishes at once when the time given has passed', async () => {
    const { token } = await admin()
    const made = await draft(token)
    const at = new Date(api.clock.now().getTime() - hour).toISOString()
    const response = await call(token, 'POST', '/content/publish', { id: made.id, at })
    expect(response.status).toBe(200)
    expect(editionOf(response).state).toBe('published')
  })

  it('deletes drafts only, once, and keeps the rest', async () => {
    const { token } = await admin()
    const made = await draft(token)
    const key = randomUUID()
    const headers = { 'Idempotency-Key': key }
    const first = await call(token, 'POST', '/content/delete', { id: made.id }, headers)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ data: { id: made.id, deleted: true } })
    const replay = await call(token, 'POST', '/content/delete', { id: made.id }, headers)
    expect(replay.status).toBe(200)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await api.request('GET', `/content/${made.id}`, { token })).status).toBe(404)
    const gone = await call(token, 'POST', '/content/delete', { id: made.id })
    expect(gone.status).toBe(404)
    expect(refusal(gone).code).toBe('content.notFound')
    const scheduled = await draft(token)
    const at = new Date(api.clock.now().getTime() + hour).toISOString()
    await call(token, 'POST', '/content/publish', { id: scheduled.id, at })
    const refused = await call(token, 'POST', '/content/delete', { id: scheduled.id })
    expect(refused.status).toBe(409)
    await call(token, 'POST', '/content/cancel', { id: scheduled.id })
  })

  it('never lets a published key go: it is retired, and a draft of an older edition must keep it', async () => {
    const { token } = await admin()
    const key = `radio-${randomBytes(3).toString('hex')}`
    const base = await draft(token)
    const added = await published(token, {
      ...base,
      lists: withReferralSource(base.lists, answer(key, 'Radio')),
    })

    // Removed: refused, naming the list.
    const next = await draft(token)
    const without = next.lists.referralSources.filter((entry) => entry.key !== key)
    const removed = await update(token, {
      ...next,
      lists: { ...next.lists, referralSources: without },
    })
    expect(removed.status).toBe(400)
    expect(refusal(removed)).toMatchObject({
      code: 'content.keyRemoved',
      invalidFields: [{ field: 'lists.referralSources', code: 'content.keyRemoved' }],
    })
    // Retired: kept, inactive.
    const retired = next.lists.referralSources.map((entry) =>
      entry.key === key ? { ...entry, active: false } : entry,
    )
    const saved = await update(token, {
      ...next,
      lists: { ...next.lists, referralSources: retired },
    })
    expect(saved.status).toBe(200)
    const live = await published(token, editionOf(saved))
    expect(live.lists.referralSources.find((entry) => entry.key === key)?.active).toBe(false)

    // A draft copied from edition 1 lacks the key: it can be neither saved nor published.
    const old = await draft(token, 1)
    expect(old.lists.referralSources.some((entry) => entry.key === key)).toBe(false)
    const publish = await call(token, 'POST', '/content/publish', { id: old.id })
    expect(publish.status).toBe(400)
    expect(refusal(publish).invalidFields?.[0]?.field).toBe('lists.referralSources')
    expect((await update(token, old)).status).toBe(400)
    expect(added.id).toBeLessThan(live.id)
  })

  it('keeps the answers that steer the wizard and "other" last, and refuses malformed answers by field', async () => {
    const { token } = await admin()
    const made = await draft(token)
    const { lists } = made
    const cases: [EditionLists, string, string][] = [
      [
        {
          ...lists,
          habits: lists.habits.map((h) => (h.key === 'HTS' ? { ...h, active: false } : h)),
        },
        `lists.habits.${lists.habits.findIndex((h) => h.key === 'HTS')}.active`,
        'content.keyStructural',
      ],
      [
        { ...lists, genders: lists.genders.map((g) => ({ ...g, active: false })) },
        'lists.genders.0.active',
        'content.keyStructural',
      ],
      [
        { ...lists, shoppingAnswers: lists.shoppingAnswers.filter((s) => s.key !== 'no') },
        'lists.shoppingAnswers',
        'content.keyRemoved',
      ],
      [
        {
          ...lists,
          noPurchaseReasons: [
            ...lists.noPurchaseReasons.filter((r) => r.key === 'other'),
            ...lists.noPurchaseReasons.filter((r) => r.key !== 'other'),
          ],
        },
        'lists.noPurchaseReasons.0.key',
        'content.otherLast',
      ],
      [
        withReferralSource(lists, answer('Bad Key')),
        `lists.referralSources.${lists.referralSources.length - 1}.key`,
        'content.keyInvalid',
      ],
      [
        withReferralSource(lists, answer('friend')),
        `lists.referralSources.${lists.referralSources.length - 1}.key`,
        'content.keyDuplicate',
      ],
      [
        {
          ...lists,
          purchaseReasons: [
            ...lists.purchaseReasons,
            { ...answer('podcast'), labels: { me: 'Podkast', sr: 'Podkast', en: ' ' } },
          ],
        },
        `lists.purchaseReasons.${lists.purchaseReasons.length}.labels.en`,
        'validation.required',
      ],
      [
        { ...lists, stickColors: [...lists.stickColors, { ...answer('teal'), swatch: 'url(x)' }] },
        `lists.stickColors.${lists.stickColors.length}.swatch`,
        'content.swatchInvalid',
      ],
      // A colour's key names its entries among a trial's answers: never one of their fields.
      ...['device', 'email', 'constructor'].map((key): [EditionLists, string, string] => [
        { ...lists, stickColors: [...lists.stickColors, { ...answer(key), swatch: '#ff7f50' }] },
        `lists.stickColors.${lists.stickColors.length}.key`,
        'content.keyInvalid',
      ]),
    ]
    for (const [changed, field, code] of cases) {
      const response = await update(token, { ...made, lists: changed })
      expect(response.status, field).toBe(400)
      const { invalidFields } = refusal(response)
      expect(invalidFields, field).toContainEqual(expect.objectContaining({ field, code }))
    }
    const unknownList = await call(token, 'POST', '/content/update', {
      ...made,
      lists: { ...lists, colours: [] },
    })
    expect(unknownList.status).toBe(400)
    // Relabelled: taken.
    const relabelled = {
      ...lists,
      habits: lists.habits.map((h) =>
        h.key === 'HTS' ? { ...h, labels: answer('HTS', 'Grijani duvan').labels } : h,
      ),
    }
    expect((await update(token, { ...made, lists: relabelled })).status).toBe(200)
    // Nothing refused was kept.
    const read = editionOf(await api.request('GET', `/content/${made.id}`, { token }))
    expect(read.lists).toEqual(relabelled)
  })

  it('tells the second of two admins editing one draft, and loses nothing of the first', async () => {
    const first = await admin()
    const second = await admin()
    const made = await draft(first.token)
    const opened = await api.request('GET', `/content/${made.id}`, { token: first.token })
    const etag = opened.headers.get('ETag') ?? ''
    expect(etag).not.toBe('')

    const mine = withReferralSource(made.lists, answer('flyer', 'Flyer'))
    const saved = await update(first.token, { ...made, lists: mine }, { 'If-Match': etag })
    expect(saved.status).toBe(200)
    const newEtag = saved.headers.get('ETag') ?? ''
    expect(newEtag).not.toBe(etag)

    const theirs = await update(
      second.token,
      { ...made, consentAutoTick: false },
      {
        'If-Match': etag,
      },
    )
    expect(theirs.status).toBe(412)
    expect(refusal(theirs).code).toBe('content.stale')
    const read = await api.request('GET', `/content/${made.id}`, { token: second.token })
    expect(read.headers.get('ETag')).toBe(newEtag)
    expect(editionOf(read)).toMatchObject({ lists: mine, consentAutoTick: made.consentAutoTick })

    const retried = await update(
      second.token,
      { ...editionOf(read), consentAutoTick: false },
      { 'If-Match': newEtag },
    )
    expect(retried.status).toBe(200)
    expect(editionOf(retried)).toMatchObject({ lists: mine, consentAutoTick: false })
  })

  it('audits every act on an edition by ids and codes, once per Idempotency-Key', async () => {
    const { token, id: adminId } = await admin()
    const made = await draft(token)
    const headers = { 'Idempotency-Key': randomUUID() }
    const lists = withReferralSource(made.lists, answer('billboard-x', 'Secret words'))
    expect((await update(token, { ...made, lists }, headers)).status).toBe(200)
    const replay = await update(token, { ...made, lists }, headers)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    const at = new Date(api.clock.now().getTime() + hour).toISOString()
    expect((await call(token, 'POST', '/content/publish', { id: made.id, at })).status).toBe(200)
    expect((await call(token, 'POST', '/content/cancel', { id: made.id })).status).toBe(200)
    expect((await call(token, 'POST', '/content/delete', { id: made.id })).status).toBe(200)
    const rows = await contentAudit(made.id)
    expect(rows.map((row) => [row.action, row.actorId, row.outcome])).toEqual([
      ['content.create', adminId, 'success'],
      ['content.update', adminId, 'success'],
      ['content.publish', adminId, 'success'],
      ['content.cancel', adminId, 'success'],
      ['content.delete', adminId, 'success'],
    ])
    expect(rows[1]?.detail).toBe('revision 2')
    expect(rows[2]?.detail).toBe(`at ${at}`)
    expect(JSON.stringify(rows)).not.toContain('Secret words')
  })
})
