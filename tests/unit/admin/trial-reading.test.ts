import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { MessageDescriptor } from '@lingui/core'
import type { TrialAnswers } from '../../../src/contract/trial.ts'
import {
  packName,
  trialQuestions,
  trialReading,
  trialReadings,
  triedDevice,
  triedSticks,
  wordsIn,
  type AnswerLine,
  type TrialQuestion,
} from '../../../src/contract/trial-reading.ts'
import { reportFormats } from '../../../server/routes/reports/formats.ts'
import { trialAnswerLines } from '../../../src/features/customers/trial-answers.ts'
import type { Cell } from '../../../server/routes/reports/csv.ts'
import { editionOneLists } from '../free-guided-trial/edition-one.ts'

const translate = (descriptor: MessageDescriptor, values?: Record<string, unknown>) => {
  const text = descriptor.message ?? descriptor.id
  return `«${text.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name]))}»`
}
const words = wordsIn(translate)

function answers(overrides: Partial<TrialAnswers> = {}): TrialAnswers {
  return {
    gender: 'female',
    ageRange: '25-34',
    habits: 'RMC;HTS',
    habitsData: {
      HTS: {
        id: 1,
        type: 'HTS',
        brandName: 'Aurum Gold',
        brandFamily: 'Aurum',
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
      sticks: [{ id: 9, name: 'Aurum Gold', quantity: 2 }],
    },
    ...overrides,
  }
}

function line(lines: AnswerLine[], label: string) {
  return lines.find((item) => item.label === `«${label}»`)?.values
}

/** The answer cells of a report, by their columns' names. */
function cellsOf(answersOrText: TrialAnswers | string) {
  const cells = trialReadings.cells(answersOrText, [], translate)
  return (column: string) =>
    cells[trialReadings.headings.findIndex((heading) => heading.column === column)]
}

describe('a stored trial read in one place', () => {
  it('lists every answer key as its translated label, in the wizard order', () => {
    const lines = trialReadings.lines(answers(), translate)
    expect(line(lines, 'Gender')).toEqual(['«Female»'])
    expect(line(lines, 'Age range')).toEqual(['25–34'])
    expect(line(lines, 'Habits')).toEqual(['«Cigarettes (RMC)»', '«Heated tobacco (HTS)»'])
    expect(line(lines, 'HTS pack')).toEqual(['Aurum Gold'])
    expect(line(lines, 'RMC pack')).toEqual(['Local brand'])
    expect(line(lines, 'Consumption')).toEqual(['10–15'])
    expect(line(lines, 'Referral sources')).toEqual(['«A friend»', '«Other»'])
    expect(line(lines, 'Email')).toEqual(['ana@example.rs'])
    expect(line(lines, 'Shopping')).toEqual(['«Yes, bought»'])
    expect(line(lines, 'Reasons to buy')).toEqual(['«Liked the taste»'])
    expect(line(lines, 'Purchased device')).toEqual(['Device One'])
    expect(line(lines, 'Purchased sticks')).toEqual(['Aurum Gold × 2'])
    expect(lines[0]?.label).toBe('«Gender»')
  })

  it('leaves out what was not answered, and shows a key the labels do not know as it is', () => {
    const lines = trialReadings.lines(
      answers({
        email: { privacyPolicy: false, analizeData: false },
        shopping: 'no',
        shoppingSuccess: undefined,
        shoppingUnsuccess: { reason: ['price-sticks', 'unknown-new-key'], comment: 'Later' },
      }),
      translate,
    )
    expect(line(lines, 'Email')).toBeUndefined()
    expect(line(lines, 'Reasons not to buy')?.[1]).toBe('unknown-new-key')
    expect(line(lines, 'No purchase comment')).toEqual(['Later'])
    expect(line(lines, 'Reasons to buy')).toBeUndefined()
  })

  it('lists the sticks in the order tried with their impressions and comments', () => {
    const sticks = triedSticks(answers({ consumptionCounts: { gold: 2 } }), words)
    expect(sticks.map((stick) => stick.color)).toEqual(['«Gold»', '«Tan»'])
    expect(sticks[0]).toMatchObject({ count: 2, positive: ['«Rich taste»'], comment: 'Liked it' })
    expect(sticks[0]?.negative).toHaveLength(1)
    expect(sticks[1]).toMatchObject({ count: null, positive: [], negative: [], comment: null })
  })

  it('never lists a box as accepted or allowed: the consents are shown as recorded, apart', () => {
    const lines = trialReadings.lines(answers(), translate)
    expect(lines.map((item) => item.label)).not.toContain('«Privacy policy»')
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
    expect(triedDevice(tried, words)).toEqual({
      name: 'Aura One',
      positive: ['«Design»'],
      negative: ['«Heavy»'],
      neutral: ['«Undecided»'],
    })
    expect(trialReadings.lines(tried, translate).map((item) => item.label)).not.toContain(
      '«Device impressions»',
    )
    expect(cellsOf(tried)('deviceImpressions')).toBe('+«Design» -«Heavy» ~«Undecided»')
    expect(triedDevice(answers({ device: null }), words)).toBeNull()
  })

  it('names a pack once, on the page and in the report: the family only when the name lacks it', () => {
    expect(packName({ brandName: 'Nordic Arctic', brandFamily: 'Nordic' })).toBe('Nordic Arctic')
    expect(packName({ brandName: 'Amber', brandFamily: 'Terra' })).toBe('Terra Amber')
    expect(packName({ other: 'Drina' })).toBe('Drina')
    expect(cellsOf(answers())('htsPack')).toBe('Aurum Gold')
  })

  it("writes a simple trial's text in the comment column, every answer column empty", () => {
    const cells = trialReadings.cells('Kupac je probao', [], translate)
    expect(cells).toEqual(['«simple»', ...trialQuestions.map(() => ''), 'Kupac je probao'])
  })
})

describe("the customer's trials tab", () => {
  it('lists the answers as the trial page does, but for the contact the profile shows', () => {
    const tab = trialAnswerLines(
      answers({
        email: {
          email: 'ana@example.rs',
          phone: '+38267111222',
          privacyPolicy: true,
          analizeData: true,
        },
      }),
      translate,
    )
    expect(line(tab, 'Gender')).toEqual(['«Female»'])
    expect(line(tab, 'Shopping')).toEqual(['«Yes, bought»'])
    expect(line(tab, 'Email')).toBeUndefined()
    expect(line(tab, 'Phone')).toBeUndefined()
  })

  it("reads the answers in the words of the trial's own edition", () => {
    const lists = {
      ...editionOneLists,
      genders: editionOneLists.genders.map((answer) =>
        answer.key === 'female'
          ? { ...answer, labels: { me: 'Žensko', sr: 'Женско', en: 'A woman' } }
          : answer,
      ),
    }
    const tab = trialAnswerLines(answers(), translate, { edition: { lists, locale: 'en' } })
    expect(line(tab, 'Gender')).toEqual(['A woman'])
  })

  it('lists nothing for a simple trial, whose comment is a text', () => {
    expect(trialAnswerLines(null, translate)).toEqual([])
  })
})

describe('a question added to the table', () => {
  // A question the wizard does not ask (yet): read from the answers like any other.
  const favourite: TrialQuestion = {
    column: 'favouriteColour',
    label: { id: 'trial.favouriteColour', message: 'Favourite colour' },
    listed: true,
    joiner: '; ',
    read: (trial, words) => [words.key('stickColors', trial.answers.consumptionOrder[0] ?? '')],
  }
  const reading = trialReading([...trialQuestions, favourite])

  /** A written report's bytes. */
  async function bytes(chunks: AsyncIterable<string | Uint8Array>): Promise<Uint8Array> {
    const parts: Uint8Array[] = []
    for await (const chunk of chunks)
      parts.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk)
    const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
    let at = 0
    for (const part of parts) {
      whole.set(part, at)
      at += part.length
    }
    return whole
  }

  /** One CSV line's fields (no line breaks in these cells). */
  function csvFields(line: string): string[] {
    return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
      .slice(0, -1)
      .map(([, field = '']) => field.replace(/^"|"$/g, '').replace(/""/g, '"'))
  }

  async function* oneBatch(rows: Cell[][]) {
    yield await Promise.resolve(rows)
  }

  it("shows on the trial page and the customer's trials tab, and in the CSV and Excel reports", async () => {
    const lines = reading.lines(answers(), translate)
    expect(line(lines, 'Favourite colour')).toEqual(['«Gold»'])

    const tab = trialAnswerLines(answers(), translate, {
      questions: [...trialQuestions, favourite],
    })
    expect(line(tab, 'Favourite colour')).toEqual(['«Gold»'])
    expect(tab.map((item) => item.label)).toEqual(
      lines.map((item) => item.label).filter((label) => label !== '«Email»'),
    )

    const columns = reading.headings.map((heading) => heading.column)
    const header = reading.headings.map((heading) => translate(heading.label))
    const row = reading.cells(answers(), [], translate)
    expect(header).toContain('«Favourite colour»')

    const csv = new TextDecoder().decode(
      await bytes(reportFormats.csv.write(columns, header, oneBatch([row]))),
    )
    const [csvHeader = '', csvRow = ''] = csv.split('\r\n').map(csvFields)
    const at = csvHeader.indexOf('«Favourite colour»')
    expect(at).toBeGreaterThan(0)
    expect(csvRow[at]).toBe('«Gold»')

    const xlsx = await bytes(reportFormats.xlsx.write(columns, header, oneBatch([row])))
    const sheet = strFromU8(unzipSync(xlsx)['xl/worksheets/sheet1.xml'] ?? new Uint8Array())
    expect(sheet).toContain('«Favourite colour»')
    expect(sheet).toContain('«Gold»')
  })
})
