import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { reviewSearchSchema } from '../../../src/routing/review-search.ts'
import {
  formOfSearch,
  searchOfForm,
  trialSearchParams,
} from '../../../src/features/review/review-filter.ts'
import {
  changeLines,
  mergePatch,
  revisionChanges,
} from '../../../src/features/review/revision-changes.ts'
import { correctableTexts, correctionPatch } from '../../../src/features/review/correction.ts'
import { acceptanceChanges, answersOf } from '../../../src/features/review/acceptance.ts'
import {
  quarantineFilterOf,
  quarantineSearchOf,
} from '../../../src/features/review/quarantine-filter.ts'
import { flagsOf } from '../../../src/features/review/trial-flags.ts'
import { decisionNotes } from '../../../src/features/outbox/decision-notes.ts'
import type { Revision } from '../../../src/contract/review.ts'
import { guidedAnswers } from '../../support/trial-body.ts'

describe("the Review screen's filters", () => {
  it('reads the URL, dropping what it cannot read', () => {
    expect(
      v.parse(reviewSearchSchema, {
        flag: 'duplicate',
        review: 'rejected',
        store: 4,
        user: 7,
        startAt: '2031-02-03',
      }),
    ).toEqual({
      flag: 'duplicate',
      review: 'rejected',
      store: 4,
      user: 7,
      startAt: '2031-02-03',
      endAt: undefined,
    })
    expect(
      v.parse(reviewSearchSchema, {
        flag: 'x'.repeat(41),
        review: true,
        startAt: 'soon',
        user: 'x',
      }),
    ).toEqual({
      flag: undefined,
      review: undefined,
      store: undefined,
      user: undefined,
      startAt: undefined,
      endAt: undefined,
    })
  })

  it('uses only the flags, states and ids it knows, whatever the URL says', () => {
    const search = v.parse(reviewSearchSchema, {
      flag: 'nonsense',
      review: 'maybe',
      store: -1,
      user: 'x',
    })
    expect(trialSearchParams(search, 1)).toEqual({ page: 1, flag: 'any' })
    expect(formOfSearch(search)).toEqual({ flag: 'any', review: '', store: null, user: null })
    expect(trialSearchParams({ store: 1.5, user: 2_147_483_648 }, 1)).toEqual({
      page: 1,
      flag: 'any',
    })
  })

  it('asks the search for any flag by default, and for every trial with "all"', () => {
    expect(trialSearchParams({}, 1)).toEqual({ page: 1, flag: 'any' })
    expect(trialSearchParams({ flag: 'all', store: 3, user: 9, review: 'unreviewed' }, 2)).toEqual({
      page: 2,
      store: 3,
      user: 9,
      review: 'unreviewed',
    })
    expect(
      trialSearchParams({ flag: 'store', startAt: '2031-02-01', endAt: '2031-02-03' }, 1),
    ).toEqual({ page: 1, flag: 'store', startAt: '2031-02-01', endAt: '2031-02-03' })
  })

  it('goes from the URL to the form and back, the defaults left out of the URL', () => {
    const search = { flag: 'late' as const, review: 'accepted' as const, store: 2, user: 5 }
    const range = { startAt: '2031-01-01', endAt: undefined }
    expect(searchOfForm(formOfSearch(search), range)).toEqual({ ...search, ...range })
    expect(formOfSearch({})).toEqual({ flag: 'any', review: '', store: null, user: null })
    expect(searchOfForm(formOfSearch({}), {})).toEqual({
      flag: undefined,
      review: undefined,
      store: undefined,
      user: undefined,
      startAt: undefined,
      endAt: undefined,
    })
  })
})

describe("a trial's row flags", () => {
  const trial = {
    possibleDuplicateOf: null,
    capturedAt: '2031-02-03T10:00:00.000Z',
    receivedAt: '2031-02-03T10:30:00.000Z',
    clockSkewed: false,
    captureImplausible: false,
    otherStore: false,
  }
  it('names what the server flags', () => {
    expect(flagsOf(trial)).toEqual([])
    expect(
      flagsOf({
        ...trial,
        possibleDuplicateOf: 3,
        receivedAt: '2031-02-03T11:00:01.000Z',
        captureImplausible: true,
        otherStore: true,
      }),
    ).toEqual(['duplicate', 'late', 'clock', 'store'])
  })
})

describe("a revision's changes", () => {
  it('applies a merge patch as RFC 7386 says', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 } }, { b: { c: null, e: 4 }, f: 5 })).toEqual({
      a: 1,
      b: { d: 3, e: 4 },
      f: 5,
    })
    expect(mergePatch({ a: 1 }, 'text')).toBe('text')
  })

  it('says what each correction changed, from what the trial was before it', () => {
    const revision = (n: number, kind: Revision['kind'], changes: Revision['changes']) => ({
      revision: n,
      kind,
      by: null,
      at: '2031-02-03T10:00:00.000Z',
      state: null,
      reason: null,
      comment: null,
      changes,
    })
    const changes = revisionChanges({ storeId: 1, comment: 'Tset' }, [
      revision(1, 'received', null),
      revision(2, 'correction', { store_id: 2 }),
      revision(3, 'review', null),
      revision(4, 'correction', { comment: 'Test', store_id: 3 }),
    ])
    expect([...changes]).toEqual([
      [2, [{ path: 'store_id', before: 1, after: 2 }]],
      [
        4,
        [
          { path: 'comment', before: 'Tset', after: 'Test' },
          { path: 'store_id', before: 2, after: 3 },
        ],
      ],
    ])
    expect(revisionChanges(null, [revision(1, 'received', null)]).size).toBe(0)
  })

  it("names a guided trial's changed texts by their path, and leaves out what did not change", () => {
    const before = { comment: { tanComment: 'god', goldComment: 'fine' } }
    expect(changeLines(before, { comment: { tanComment: 'good', goldComment: 'fine' } })).toEqual([
      { path: 'comment.tanComment', before: 'god', after: 'good' },
    ])
  })
})

describe('a correction', () => {
  it("offers a simple trial's text, and a guided trial's comments that hold words", () => {
    expect(correctableTexts('12 sticks')).toEqual([{ path: [], value: '12 sticks' }])
    const answers = { ...guidedAnswers(), tanComment: 'Too strnog', goldComment: '' }
    expect(correctableTexts(answers)).toContainEqual({ path: ['tanComment'], value: 'Too strnog' })
    expect(correctableTexts(answers).map((text) => text.path.join('.'))).not.toContain(
      'goldComment',
    )
  })

  it('sends only what the form changed, as a merge patch', () => {
    const trial = { store: { id: 1, name: 'A' }, comment: 'Tset' }
    expect(correctionPatch(trial, { storeId: 1, texts: { '': 'Tset' } })).toBeNull()
    expect(correctionPatch(trial, { storeId: 2, texts: { '': 'Test' } })).toEqual({
      store_id: 2,
      comment: 'Test',
    })
    const guided = {
      store: { id: 1, name: 'A' },
      comment: {
        ...guidedAnswers(),
        tanComment: 'Too strnog',
        shoppingUnsuccess: { reason: ['taste' as const], comment: 'Expnsive' },
      },
    }
    expect(
      correctionPatch(guided, {
        storeId: 1,
        texts: { tanComment: 'Too strong', 'shoppingUnsuccess.comment': 'Expensive' },
      }),
    ).toEqual({
      comment: { tanComment: 'Too strong', shoppingUnsuccess: { comment: 'Expensive' } },
    })
  })
})

describe("a quarantined trial's acceptance", () => {
  const opened = {
    store_id: 2_000_000_000,
    comment: {
      ...guidedAnswers(),
      email: { email: 'ana@example', phone: '+38267000000' },
      tanComment: 'Too strnog',
    },
  }

  it('offers the store, the contact and the texts the refused body holds, and nothing it lacks', () => {
    const answers = answersOf(opened)
    expect(answers.storeId).toBe(2_000_000_000)
    expect(answers.contact).toEqual([
      { path: ['email', 'email'], value: 'ana@example' },
      { path: ['email', 'phone'], value: '+38267000000' },
    ])
    expect(answers.texts).toContainEqual({ path: ['tanComment'], value: 'Too strnog' })
    // A body the server could not read as a trial offers what it can.
    expect(answersOf({ store_id: '7', comment: 4 })).toEqual({
      storeId: null,
      contact: [],
      texts: [],
    })
    expect(answersOf(null)).toEqual({ storeId: null, contact: [], texts: [] })
  })

  it('sends only what the admin changed: nothing changed is accepted as it is', () => {
    const answers = answersOf(opened)
    expect(acceptanceChanges(answers, { storeId: 2_000_000_000, texts: {} })).toEqual({})
    expect(
      acceptanceChanges(answers, {
        storeId: 1,
        texts: { 'email.email': 'ana@example.me', tanComment: 'Too strnog' },
      }),
    ).toEqual({ store_id: 1, comment: { email: { email: 'ana@example.me' } } })
  })
})

describe("the Review screen's quarantine", () => {
  const device = '8d0e6a8e-3c5b-4d1c-9a47-2f0b8c6d1e23'

  it('lists the waiting ones unless another state is asked for, and drops what it cannot read', () => {
    expect(quarantineFilterOf({ flag: 'quarantined' })).toEqual({
      state: 'waiting',
      user: undefined,
      device: undefined,
    })
    expect(quarantineFilterOf({ flag: 'quarantined', state: 'all', user: 3, device })).toEqual({
      state: undefined,
      user: 3,
      device,
    })
    expect(
      quarantineFilterOf({ flag: 'quarantined', state: 'lost', user: -1, device: 'tablet-1' }),
    ).toEqual({ state: 'waiting', user: undefined, device: undefined })
  })

  it("keeps the Devices screen's tablet in the URL, and the plain queue's URL short", () => {
    expect(quarantineSearchOf({ state: 'waiting', user: null }, device)).toEqual({
      flag: 'quarantined',
      state: undefined,
      user: undefined,
      device,
    })
    expect(quarantineSearchOf({ state: 'rejected', user: 5 }, undefined)).toMatchObject({
      state: 'rejected',
      user: 5,
    })
  })
})

describe("the Sent list's decisions", () => {
  it('says a trial was accepted, rejected or corrected, and why; nothing for one undecided', () => {
    const decision = { id: 4, state: 'unreviewed' as const, reason: null, corrected: null }
    expect(decisionNotes(undefined)).toEqual([])
    expect(decisionNotes(decision)).toEqual([])
    expect(decisionNotes({ ...decision, state: 'accepted' })).toEqual([{ kind: 'accepted' }])
    expect(
      decisionNotes({ ...decision, state: 'rejected', reason: 'duplicate', corrected: 'typo' }),
    ).toEqual([
      { kind: 'rejected', reason: 'duplicate' },
      { kind: 'corrected', reason: 'typo' },
    ])
  })
})
