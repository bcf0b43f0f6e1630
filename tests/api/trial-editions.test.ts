import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  editionSchema,
  type Edition,
  type EditionLists,
} from '../../src/contract/content-edition.ts'
import {
  apiBasePath,
  appHeader,
  appId,
  dataEnvelope,
  errorEnvelopeSchema,
  languageHeader,
  maxId,
} from '../../src/contract/http.ts'
import { trialCreatedSchema, type TrialAnswers } from '../../src/contract/trial.ts'
import type { ReferralSource } from '../../src/contract/trial-options.ts'
import { trials } from '../../server/db/schema/trials.ts'
import { createStore, signedInCaller } from './support/fixtures.ts'
import { databases, expectShape, useApi, type ApiResponse } from './support/harness.ts'
import { shortAnswers, trialBody } from '../support/trial-body.ts'

/** `lists` with the answer `key` of a list retired. */
function retired(
  lists: EditionLists,
  name: 'referralSources' | 'stickColors',
  key: string,
): EditionLists {
  const list = lists[name].map((entry) => (entry.key === key ? { ...entry, active: false } : entry))
  return { ...lists, [name]: list }
}

describe.each(databases)(
  'trials checked against their own content edition on $name',
  (database) => {
    const api = useApi(database)

    function call(token: string, path: string, body: unknown) {
      return api.request('POST', path, {
        token,
        body,
        language: 'en',
        headers: { 'Idempotency-Key': randomUUID() },
      })
    }

    function editionOf(response: ApiResponse): Edition {
      return expectShape(dataEnvelope(editionSchema), response.body).data
    }

    /** A new edition in use, made from the one in use with `change` applied to its lists. */
    async function publish(change: (lists: EditionLists) => EditionLists = (lists) => lists) {
      const { token } = await signedInCaller(api, 'admin', null)
      const draft = editionOf(await call(token, '/content/create', {}))
      const { id, consents, consentAutoTick } = draft
      const saved = await call(token, '/content/update', {
        id,
        lists: change(draft.lists),
        consents,
        consentAutoTick,
      })
      expect(saved.status).toBe(200)
      const published = await call(token, '/content/publish', { id })
      expect(published.status).toBe(200)
      return editionOf(published)
    }

    async function send(body: object) {
      const store = await createStore(api)
      const agent = await signedInCaller(api, 'agent', null)
      return call(agent.token, '/free-guided/form', { ...trialBody(store.id), ...body })
    }

    async function storedEdition(response: ApiResponse) {
      expect(response.status).toBe(201)
      const { id } = expectShape(dataEnvelope(trialCreatedSchema), response.body).data
      const [row] = await api.db
        .select({ contentEdition: trials.contentEdition })
        .from(trials)
        .where(eq(trials.id, id))
      return row?.contentEdition
    }

    /** The trials report's header and trial rows as CSV, around today, in `language`. */
    async function report(filter: object, language: string) {
      const { token } = await signedInCaller(api, 'admin', null)
      const day = api.clock.now().toISOString().slice(0, 10)
      const response = await fetch(`${api.url}${apiBasePath}/report/generate`, {
        method: 'POST',
        headers: {
          [appHeader]: appId,
          [languageHeader]: language,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
        },
        // A day each side: the stores' day may differ from the UTC one.
        body: JSON.stringify({
          type: 'trials',
          startAt: new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10),
          endAt: new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10),
          ...filter,
        }),
      })
      expect(response.status).toBe(200)
      const lines = (await response.text()).split('\n')
      return { header: lines[0] ?? '', rows: lines.filter((line) => /^\d/.test(line)) }
    }

    const withSource = (source: ReferralSource): TrialAnswers => ({
      ...shortAnswers(1),
      referalSource: [source],
    })

    it('takes a trial of edition 1 after two publications, with an answer retired since', async () => {
      await publish((lists) => retired(lists, 'referralSources', 'press'))
      const latest = await publish()

      const queued = await send({ comment: withSource('press') })
      expect(await storedEdition(queued)).toBe(1)
      const named = await send({
        comment: withSource('press'),
        contract_version: 4,
        content_edition: 1,
      })
      expect(await storedEdition(named)).toBe(1)

      const refused = await send({
        comment: withSource('press'),
        contract_version: 4,
        content_edition: latest.id,
      })
      expect(refused.status).toBe(400)
      expect(expectShape(errorEnvelopeSchema, refused.body)).toMatchObject({
        code: 'validation.invalid',
        invalidFields: [{ field: 'comment.referalSource.0', code: 'validation.invalid' }],
      })
      const taken = await send({
        comment: withSource('friend'),
        contract_version: 4,
        content_edition: latest.id,
      })
      expect(await storedEdition(taken)).toBe(latest.id)
    })

    it("keeps a correction to the trial's own edition", async () => {
      const latest = await publish((lists) => retired(lists, 'referralSources', 'event'))
      const { id } = expectShape(
        dataEnvelope(trialCreatedSchema),
        (
          await send({
            comment: withSource('friend'),
            contract_version: 4,
            content_edition: latest.id,
          })
        ).body,
      ).data
      const { token } = await signedInCaller(api, 'admin', null)
      const correct = (source: ReferralSource) =>
        call(token, '/questionnaire/correct', {
          id,
          revision: 1,
          changes: { comment: { referalSource: [source] } },
          reason: 'typo',
        })
      const refused = await correct('event')
      expect(refused.status).toBe(400)
      expect(expectShape(errorEnvelopeSchema, refused.body).invalidFields?.[0]?.field).toBe(
        'comment.referalSource.0',
      )
      expect((await correct('family')).status).toBe(200)
    })

    it('refuses a stick of a colour its edition retired, never dropping it', async () => {
      const latest = await publish((lists) => retired(lists, 'stickColors', 'magenta'))
      const impression = { positive: ['no-ash' as const], negative: [], neutral: [] }
      const comment: TrialAnswers = {
        ...shortAnswers(2),
        consumptionOrder: ['gold', 'magenta'],
        gold: impression,
        magenta: impression,
      }
      const refused = await send({ comment, contract_version: 4, content_edition: latest.id })
      expect(refused.status).toBe(400)
      const { invalidFields } = expectShape(errorEnvelopeSchema, refused.body)
      expect(invalidFields?.map((field) => field.field)).toEqual([
        'comment.consumptionOrder.1',
        'comment.magenta',
      ])
      const older = await send({ comment, contract_version: 4, content_edition: 1 })
      expect(older.status).toBe(201)
    })

    it('stores and reports a stick colour and an answer a later edition added, refused in edition 1', async () => {
      const coral = { me: 'Koralna', sr: 'Koralna', en: 'Coral' }
      const podcast = { me: 'Podkast', sr: 'Podkast', en: 'A podcast' }
      const edition = await publish((lists) => ({
        ...lists,
        stickColors: [
          ...lists.stickColors,
          { key: 'coral', labels: coral, active: true, swatch: '#ff7f50' },
        ],
        referralSources: [
          { key: 'podcast', labels: podcast, active: true },
          ...lists.referralSources,
        ],
      }))
      const impression = { positive: ['no-ash'], negative: [], neutral: ['undecided'] }
      const comment: TrialAnswers = {
        ...shortAnswers(4),
        referalSource: ['podcast'],
        consumptionOrder: ['coral', 'gold'],
        coral: impression,
        coralComment: 'Voli ga.',
        gold: impression,
      }

      const inFirst = await send({ comment, contract_version: 4, content_edition: 1 })
      expect(inFirst.status).toBe(400)
      expect(
        expectShape(errorEnvelopeSchema, inFirst.body).invalidFields?.map((field) => field.field),
      ).toEqual(['comment.referalSource.0', 'comment.consumptionOrder.0', 'comment.coral'])

      const stored = await send({ comment, contract_version: 4, content_edition: edition.id })
      expect(stored.status).toBe(201)
      const { id } = expectShape(dataEnvelope(trialCreatedSchema), stored.body).data
      const [row] = await api.db.select().from(trials).where(eq(trials.id, id))
      expect(row?.answers).toMatchObject({ coral: impression, coralComment: 'Voli ga.' })

      const line = (await report({ edition: edition.id }, 'en')).rows.find((entry) =>
        entry.startsWith(`${id},`),
      )
      expect(line).toContain('A podcast')
      expect(line).toContain('Coral')
    })

    it('refuses a field the answers do not have, rather than dropping it', async () => {
      const cases: [string, unknown][] = [
        ['favourite', 'blue'],
        ['coral', 'not an impression'],
        ['goldComment', { positive: [] }],
      ]
      for (const [field, value] of cases) {
        const response = await send({
          comment: { ...shortAnswers(5), [field]: value },
          contract_version: 4,
          content_edition: 1,
        })
        expect(response.status, field).toBe(400)
        expect(expectShape(errorEnvelopeSchema, response.body).invalidFields?.[0]?.field).toBe(
          'comment',
        )
      }
    })

    it("shows each trial's answers in the trials report with its own edition's words, with an edition column and filter", async () => {
      const reworded = {
        me: 'Prijatelj ili kolega',
        sr: 'Prijatelj ili kolega',
        en: 'A friend or colleague',
      }
      const edition = await publish((lists) => ({
        ...lists,
        referralSources: lists.referralSources.map((entry) =>
          entry.key === 'friend' ? { ...entry, labels: reworded } : entry,
        ),
      }))
      const ofEdition = await send({
        comment: withSource('friend'),
        contract_version: 4,
        content_edition: edition.id,
      })
      const ofFirst = await send({ comment: withSource('friend') })
      const idOf = (response: ApiResponse) =>
        expectShape(dataEnvelope(trialCreatedSchema), response.body).data.id
      const rowOf = (rows: string[], response: ApiResponse) =>
        rows.find((line) => line.startsWith(`${idOf(response)},`))

      const mine = await report({ edition: edition.id }, 'en')
      expect(mine.header.trimEnd().endsWith('Content edition')).toBe(true)
      const row = rowOf(mine.rows, ofEdition)
      expect(row).toContain('A friend or colleague')
      expect(row?.trimEnd().endsWith(`,${edition.id}`)).toBe(true)
      expect(rowOf(mine.rows, ofFirst)).toBeUndefined()
      expect(rowOf((await report({ edition: edition.id }, 'me')).rows, ofEdition)).toContain(
        'Prijatelj ili kolega',
      )

      const first = await report({ edition: 1 }, 'en')
      const older = rowOf(first.rows, ofFirst)
      expect(older).toContain('A friend')
      expect(older).not.toContain('A friend or colleague')
      expect(rowOf(first.rows, ofEdition)).toBeUndefined()
    })

    it('refuses a body that names no edition a tablet could hold, or names one before version 4', async () => {
      const { token } = await signedInCaller(api, 'admin', null)
      const draft = editionOf(await call(token, '/content/create', {}))
      const cases: [object, string, string][] = [
        [{ contract_version: 4 }, 'content_edition', 'validation.required'],
        [{ contract_version: 3, content_edition: 1 }, 'content_edition', 'validation.invalid'],
        [
          { contract_version: 4, content_edition: draft.id },
          'content_edition',
          'validation.invalid',
        ],
        [{ contract_version: 4, content_edition: maxId }, 'content_edition', 'validation.invalid'],
        [{ contract_version: 5, content_edition: 1 }, 'contract_version', 'validation.invalid'],
      ]
      for (const [body, field, code] of cases) {
        const response = await send({ comment: shortAnswers(3), ...body })
        expect(response.status, JSON.stringify(body)).toBe(400)
        expect(
          expectShape(errorEnvelopeSchema, response.body).invalidFields?.[0],
          field,
        ).toMatchObject({ field, code })
      }
    })
  },
)
