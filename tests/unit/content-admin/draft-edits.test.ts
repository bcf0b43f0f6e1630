import { describe, expect, it } from 'vitest'
import {
  canMove,
  draftOf,
  draftReducer,
  updateBodyOf,
  type DraftState,
} from '../../../src/features/content-admin/draft-edits.ts'
import { draftErrors, newAnswerErrors } from '../../../src/features/content-admin/draft-rules.ts'
import { publishAtOf } from '../../../src/features/content-admin/publish-time.ts'
import { edition } from './edition-fixture.ts'

const labels = { me: 'Radio me', sr: 'Radio sr', en: 'Radio' }
const keys = (state: DraftState, list: 'referralSources' | 'genders') =>
  state.lists[list].map((answer) => answer.key)

describe('the draft reducer', () => {
  it('adds a new answer before other, once, and remembers it was added', () => {
    const start = draftOf(edition())
    const added = draftReducer(start, {
      type: 'add',
      list: 'referralSources',
      answer: { key: 'radio', labels },
    })
    expect(keys(added, 'referralSources')).toEqual(['friend', 'tv', 'radio', 'other'])
    expect(added.lists.referralSources[2]).toEqual({ key: 'radio', labels, active: true })
    expect(added.added).toEqual(['referralSources/radio'])
    // The same key again changes nothing.
    expect(
      draftReducer(added, {
        type: 'add',
        list: 'referralSources',
        answer: { key: 'radio', labels },
      }),
    ).toBe(added)
    // Only an added answer is removed; a published one is retired.
    const removed = draftReducer(added, { type: 'remove', list: 'referralSources', index: 2 })
    expect(keys(removed, 'referralSources')).toEqual(['friend', 'tv', 'other'])
    expect(removed.added).toEqual([])
    expect(draftReducer(start, { type: 'remove', list: 'referralSources', index: 0 })).toBe(start)
  })

  it('gives a new stick colour its swatch', () => {
    const added = draftReducer(draftOf(edition()), {
      type: 'add',
      list: 'stickColors',
      answer: { key: 'ruby', labels, swatch: '#aa0011' },
    })
    expect(added.lists.stickColors.at(-1)).toEqual({
      key: 'ruby',
      labels,
      active: true,
      swatch: '#aa0011',
    })
    expect(updateBodyOf(3, added).lists.stickColors.at(-1)?.swatch).toBe('#aa0011')
  })

  it('relabels one language of one answer, and leaves the edition it came from alone', () => {
    const source = edition()
    const state = draftReducer(draftOf(source), {
      type: 'relabel',
      list: 'referralSources',
      index: 1,
      locale: 'sr',
      text: 'Televizija',
    })
    expect(state.lists.referralSources[1]?.labels).toEqual({
      me: 'Television (me)',
      sr: 'Televizija',
      en: 'Television',
    })
    expect(source.lists.referralSources[1]?.labels.sr).toBe('Television (sr)')
  })

  it('moves answers by one place, never past other nor other itself', () => {
    const start = draftOf(edition())
    const moved = draftReducer(start, { type: 'move', list: 'referralSources', index: 1, by: -1 })
    expect(keys(moved, 'referralSources')).toEqual(['tv', 'friend', 'other'])
    expect(canMove(start.lists.referralSources, 1, 1)).toBe(false)
    expect(canMove(start.lists.referralSources, 2, -1)).toBe(false)
    expect(canMove(start.lists.referralSources, 0, -1)).toBe(false)
    expect(draftReducer(start, { type: 'move', list: 'referralSources', index: 1, by: 1 })).toBe(
      start,
    )
  })

  it('retires an answer and makes it active again, but never a structural one', () => {
    const start = draftOf(edition())
    const retired = draftReducer(start, {
      type: 'setActive',
      list: 'referralSources',
      index: 0,
      active: false,
    })
    expect(retired.lists.referralSources[0]?.active).toBe(false)
    expect(
      draftReducer(retired, { type: 'setActive', list: 'referralSources', index: 0, active: true })
        .lists.referralSources[0]?.active,
    ).toBe(true)
    for (const [list, index] of [
      ['genders', 0],
      ['referralSources', 2],
    ] as const)
      expect(draftReducer(start, { type: 'setActive', list, index, active: false })).toBe(start)
  })

  it('changes a consent text in one language, and the auto-tick', () => {
    const start = draftOf(edition())
    const texted = draftReducer(start, {
      type: 'consentText',
      consent: 'analizeData',
      locale: 'en',
      text: 'We analyse',
    })
    expect(texted.consents.analizeData).toEqual({ me: 'Analiza', sr: 'Analiza', en: 'We analyse' })
    expect(texted.consents.privacyPolicy).toEqual(start.consents.privacyPolicy)
    expect(draftReducer(start, { type: 'autoTick', value: false }).consentAutoTick).toBe(false)
  })

  it('sends the whole content with its labels trimmed', () => {
    const state = draftReducer(draftOf(edition()), {
      type: 'relabel',
      list: 'genders',
      index: 0,
      locale: 'en',
      text: '  Man  ',
    })
    const body = updateBodyOf(7, state)
    expect(body.id).toBe(7)
    expect(body.lists.genders[0]?.labels.en).toBe('Man')
    expect(body.lists.stickImpressions.neutral.map((answer) => answer.key)).toEqual(['other'])
    expect(body.consentAutoTick).toBe(true)
  })
})

describe('the rules checked before sending', () => {
  it('finds nothing wrong in an edition as published', () => {
    expect(draftErrors(draftOf(edition()))).toEqual({})
  })

  it('names each empty label and consent text by its field', () => {
    let state = draftOf(edition())
    state = draftReducer(state, {
      type: 'relabel',
      list: 'stickImpressions.positive',
      index: 0,
      locale: 'me',
      text: '   ',
    })
    state = draftReducer(state, {
      type: 'consentText',
      consent: 'privacyPolicy',
      locale: 'sr',
      text: '',
    })
    state = draftReducer(state, {
      type: 'relabel',
      list: 'habits',
      index: 0,
      locale: 'en',
      text: 'x'.repeat(121),
    })
    expect(draftErrors(state)).toEqual({
      'lists.stickImpressions.positive.0.labels.me': 'validation.required',
      'consents.privacyPolicy.sr': 'validation.required',
      'lists.habits.0.labels.en': 'validation.tooLong',
    })
  })

  it('checks a new answer: its key pattern, a key the list has, retired too, its labels, its swatch', () => {
    const state = draftReducer(draftOf(edition()), {
      type: 'setActive',
      list: 'referralSources',
      index: 1,
      active: false,
    })
    const answers = state.lists.referralSources
    expect(newAnswerErrors('referralSources', answers, { key: 'radio', labels })).toEqual({})
    expect(newAnswerErrors('referralSources', answers, { key: 'Radio!', labels }).key).toBe(
      'content.keyInvalid',
    )
    expect(newAnswerErrors('referralSources', answers, { key: 'tv', labels }).key).toBe(
      'content.keyDuplicate',
    )
    expect(
      newAnswerErrors('referralSources', answers, {
        key: '',
        labels: { me: '', sr: 'x', en: ' ' },
      }),
    ).toEqual({
      key: 'validation.required',
      'labels.me': 'validation.required',
      'labels.en': 'validation.required',
    })
    expect(
      newAnswerErrors('stickColors', state.lists.stickColors, {
        key: 'ruby',
        labels,
        swatch: 'red',
      }),
    ).toEqual({ swatch: 'content.swatchInvalid' })
  })
})

describe('publishing at a time', () => {
  const now = new Date('2026-12-06T12:00:00Z')
  it('takes a time in the future as ISO, refuses an empty or past one', () => {
    const later = publishAtOf('2026-12-08T10:30', now)
    expect('at' in later && new Date(later.at).getTime()).toBe(
      new Date('2026-12-08T10:30').getTime(),
    )
    expect('error' in publishAtOf('', now)).toBe(true)
    expect('error' in publishAtOf('2020-01-01T10:00', now)).toBe(true)
  })
})
