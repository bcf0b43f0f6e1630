import { describe, expect, it, vi } from 'vitest'
import type { MessageDescriptor } from '@lingui/core'
import type { TrialAnswers } from '../../../src/contract/trial.ts'

// The unit project runs without the Lingui macro transform: a descriptor is its source text.
vi.mock('@lingui/core/macro', () => ({
  msg: (strings: TemplateStringsArray, ...values: unknown[]) => ({
    id: String.raw({ raw: strings }, ...values),
    message: String.raw({ raw: strings }, ...values),
  }),
}))

const { answerLines, deviceLine, packName, stickLines } =
  await import('../../../src/features/trials/trial-answers.ts')

const translate = (descriptor: MessageDescriptor) => `«${descriptor.message ?? descriptor.id}»`

function answers(overrides: Partial<TrialAnswers> = {}): TrialAnswers {
  return {
    gender: 'female',
    ageRange: '25-34',
    habits: 'RMC;HTS',
    habitsData: {
      HTS: {
        id: 1,
        type: 'HTS',
        brandName: 'Terra Amber',
        brandFamily: 'Terra',
        image: null,
        src: null,
      },
      RMC: { other: 'Local brand' },
    },
    consumption: '10-15',
    referalSource: ['friend', 'other'],
    email: { email: 'ana@example.rs', privacyPolicy: true, analizeData: false },
    consumptionOrder: ['gold', 'tan'],
    device: null,
    gold: { positive: ['taste-rich'], negative: ['smell'], neutral: [] },
    goldComment: 'Liked it',
    shopping: 'yes',
    shoppingSuccess: {
      reason: ['taste'],
      device: { id: 5, name: 'Device One' },
      sticks: [{ id: 9, name: 'Gold pack', quantity: 2 }],
    },
    ...overrides,
  }
}

function line(lines: { label: string; values: string[] }[], label: string) {
  return lines.find((item) => item.label === `«${label}»`)?.values
}

describe('trial answers', () => {
  it('shows every answer key as its translated label, in the wizard order', () => {
    const lines = answerLines(answers(), translate)
    expect(line(lines, 'Gender')).toEqual(['«Female»'])
    expect(line(lines, 'Age range')).toEqual(['25–34'])
    expect(line(lines, 'Habits')).toEqual(['«Cigarettes (RMC)»', '«Heated tobacco (HTS)»'])
    expect(line(lines, 'HTS pack')).toEqual(['Terra Amber'])
    expect(line(lines, 'RMC pack')).toEqual(['Local brand'])
    expect(line(lines, 'Daily consumption')).toEqual(['10–15'])
    expect(line(lines, 'Heard of us through')).toEqual(['«A friend»', '«Other»'])
    expect(line(lines, 'Contact')).toEqual(['ana@example.rs'])
    expect(line(lines, 'Shopping')).toEqual(['«Yes, bought»'])
    expect(line(lines, 'Reasons to buy')).toEqual(['«Liked the taste»'])
    expect(line(lines, 'Bought')).toEqual(['Device One', 'Gold pack × 2'])
    expect(lines.map((item) => item.label).indexOf('«Gender»')).toBe(0)
  })

  it('says when no contact was given, and shows an unknown key as it is', () => {
    const lines = answerLines(
      answers({
        email: { privacyPolicy: false, analizeData: false },
        shopping: 'no',
        shoppingSuccess: undefined,
        shoppingUnsuccess: { reason: ['price-sticks', 'unknown-new-key'], comment: 'Later' },
      } as Partial<TrialAnswers>),
      translate,
    )
    expect(line(lines, 'Contact')).toEqual(['«None given»'])
    expect(line(lines, 'Reasons not to buy')?.[1]).toBe('unknown-new-key')
    expect(line(lines, 'Comment')).toEqual(['Later'])
    expect(line(lines, 'Reasons to buy')).toBeUndefined()
  })

  it('lists the sticks in the order tried with their impressions and comments', () => {
    const sticks = stickLines(answers({ consumptionCounts: { gold: 2 } }), translate)
    expect(sticks.map((stick) => stick.color)).toEqual(['«Gold»', '«Tan»'])
    expect(sticks[0]).toMatchObject({
      count: 2,
      positive: ['«Rich taste»'],
      comment: 'Liked it',
    })
    expect(sticks[0]?.negative).toHaveLength(1)
    expect(sticks[1]).toMatchObject({ count: null, positive: [], negative: [], comment: null })
  })

  it('never calls a box accepted or allowed: the consents are shown as recorded, apart', () => {
    const lines = answerLines(answers(), translate)
    expect(lines.map((item) => item.label)).not.toContain('«Consents»')
    expect(lines.flatMap((item) => item.values).join(' ')).not.toMatch(/accepted|allowed/)
  })

  it('keeps what was liked, disliked and neutral about the device apart, as for the sticks', () => {
    const tried = answers({
      device: {
        id: 7,
        name: 'Aura One',
        positive: ['design'],
        negative: ['heavy'],
        neutral: ['undecided'],
      },
    })
    expect(deviceLine(tried, translate)).toEqual({
      name: 'Aura One',
      positive: ['«Design»'],
      negative: ['«Heavy»'],
      neutral: ['«Undecided»'],
    })
    expect(answerLines(tried, translate).map((item) => item.label)).not.toContain(
      '«Device impressions»',
    )
    expect(deviceLine(answers({ device: null }), translate)).toBeNull()
  })

  it('names a pack once: the brand name holding its family is not followed by the family again', () => {
    expect(packName({ brandName: 'Nordic Arctic', brandFamily: 'Nordic' })).toBe('Nordic Arctic')
    expect(packName({ brandName: 'Amber', brandFamily: 'Terra' })).toBe('Terra Amber')
    expect(packName({ other: 'Drina' })).toBe('Drina')
  })
})
