import { describe, expect, it } from 'vitest'
import { draftOf, draftReducer } from '../../../src/features/content-admin/draft-edits.ts'
import {
  diffSummary,
  editionDiff,
  isUnchanged,
} from '../../../src/features/content-admin/edition-diff.ts'
import { edition } from './edition-fixture.ts'

describe('the diff against the edition in use', () => {
  const inUse = draftOf(edition())

  it('is empty for a draft that changes nothing', () => {
    const diff = editionDiff(inUse, draftOf(edition(2)))
    expect(isUnchanged(diff)).toBe(true)
    expect(diffSummary(diff)).toEqual({
      added: 0,
      retired: 0,
      reactivated: 0,
      relabelled: 0,
      reordered: 0,
      swatches: 0,
      consents: 0,
      autoTick: false,
    })
  })

  it('tells answers added, retired, relabelled per language and lists reordered', () => {
    let draft = draftReducer(inUse, {
      type: 'add',
      list: 'referralSources',
      answer: { key: 'radio', labels: { me: 'Radio', sr: 'Radio', en: 'Radio' } },
    })
    draft = draftReducer(draft, {
      type: 'relabel',
      list: 'referralSources',
      index: 1,
      locale: 'en',
      text: 'TV',
    })
    draft = draftReducer(draft, { type: 'setActive', list: 'habits', index: 2, active: false })
    draft = draftReducer(draft, { type: 'move', list: 'ageRanges', index: 1, by: -1 })
    draft = draftReducer(draft, { type: 'swatch', list: 'stickColors', index: 0, swatch: '#000' })
    const diff = editionDiff(inUse, draft)
    expect(diff.lists.map((list) => list.list)).toEqual([
      'ageRanges',
      'habits',
      'referralSources',
      'stickColors',
    ])
    const referral = diff.lists.find((list) => list.list === 'referralSources')
    expect(referral?.added.map((answer) => answer.key)).toEqual(['radio'])
    // Adding before `other` is no reordering of the answers both have.
    expect(referral?.reordered).toBe(false)
    expect(referral?.relabelled.map(({ answer, changes }) => [answer.key, changes])).toEqual([
      ['tv', [{ locale: 'en', from: 'Television', to: 'TV' }]],
    ])
    expect(diff.lists.find((list) => list.list === 'habits')?.retired[0]?.key).toBe('MYO/RYO')
    expect(diff.lists.find((list) => list.list === 'ageRanges')?.reordered).toBe(true)
    expect(
      diff.lists
        .find((list) => list.list === 'stickColors')
        ?.swatches.map(({ answer, from, to }) => [answer.key, from, to]),
    ).toEqual([['gold', '#c9a878', '#000']])
    expect(diffSummary(diff)).toEqual({
      added: 1,
      retired: 1,
      reactivated: 0,
      relabelled: 1,
      reordered: 1,
      swatches: 1,
      consents: 0,
      autoTick: false,
    })
  })

  it('tells an answer made active again, consent texts and the auto-tick changed', () => {
    const retired = draftReducer(inUse, {
      type: 'setActive',
      list: 'referralSources',
      index: 0,
      active: false,
    })
    let draft = draftReducer(retired, {
      type: 'setActive',
      list: 'referralSources',
      index: 0,
      active: true,
    })
    draft = draftReducer(draft, {
      type: 'consentText',
      consent: 'privacyPolicy',
      locale: 'me',
      text: 'Nova privatnost',
    })
    draft = draftReducer(draft, { type: 'autoTick', value: false })
    const diff = editionDiff(retired, draft)
    expect(diff.lists[0]?.reactivated.map((answer) => answer.key)).toEqual(['friend'])
    expect(diff.consents).toEqual([
      {
        consent: 'privacyPolicy',
        changes: [{ locale: 'me', from: 'Privatnost', to: 'Nova privatnost' }],
      },
    ])
    expect(diff.autoTick).toEqual({ from: true, to: false })
    expect(diffSummary(diff).consents).toBe(1)
  })

  it('does not count spaces around a label as a change', () => {
    const draft = draftReducer(inUse, {
      type: 'relabel',
      list: 'genders',
      index: 0,
      locale: 'en',
      text: 'Male ',
    })
    expect(isUnchanged(editionDiff(inUse, draft))).toBe(true)
  })
})
