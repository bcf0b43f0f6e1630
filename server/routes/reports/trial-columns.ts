import type { TrialAnswers } from '../../../src/contract/trial.ts'
import { stickColors } from '../../../src/contract/trial-options.ts'
import type { Cell } from './csv.ts'

/** A trial's answers flattened into readable columns, after id, date, store and expert. */
export const trialAnswerHeader = [
  'Kind',
  'Gender',
  'Age range',
  'Habits',
  'HTS pack',
  'RMC pack',
  'Consumption',
  'Referral sources',
  'Email',
  'Phone',
  'Privacy policy',
  'Analyse data',
  'Sticks in order',
  'Stick impressions',
  'Stick comments',
  'Device',
  'Device impressions',
  'Shopping',
  'Purchase reasons',
  'Purchased device',
  'Purchased sticks',
  'No purchase reasons',
  'No purchase comment',
  'Comment',
] as const

const list = (items: readonly string[] | undefined) => (items ?? []).join('; ')

function impressions(value: { positive: string[]; negative: string[]; neutral: string[] }) {
  const parts = [
    ...value.positive.map((item) => `+${item}`),
    ...value.negative.map((item) => `-${item}`),
    ...value.neutral.map((item) => `~${item}`),
  ]
  return parts.join(' ')
}

function pack(value: TrialAnswers['habitsData']['RMC']): string {
  if (!value) return ''
  if ('other' in value) return `other: ${value.other}`
  return `${value.brandFamily} ${value.brandName}`
}

function guidedCells(answers: TrialAnswers): Cell[] {
  const order = answers.consumptionOrder
  const sticks = order.map((color) => {
    const count = answers.consumptionCounts?.[color]
    return count === undefined ? color : `${color} x${count}`
  })
  const stickImpressions = stickColors
    .filter((color) => answers[color] !== undefined)
    .map(
      (color) =>
        `${color}: ${impressions(answers[color] ?? { positive: [], negative: [], neutral: [] })}`,
    )
  const stickComments = stickColors
    .filter((color) => answers[`${color}Comment`])
    .map((color) => `${color}: ${answers[`${color}Comment`] ?? ''}`)
  const success = answers.shoppingSuccess
  const failure = answers.shoppingUnsuccess
  return [
    'guided',
    answers.gender,
    answers.ageRange,
    answers.habits.split(';').join('; '),
    pack(answers.habitsData.HTS),
    pack(answers.habitsData.RMC),
    answers.consumption,
    list(answers.referalSource),
    answers.email.email,
    answers.email.phone,
    answers.email.privacyPolicy,
    answers.email.analizeData,
    sticks.join(', '),
    stickImpressions.join(' | '),
    stickComments.join(' | '),
    answers.device?.name,
    answers.device ? impressions(answers.device) : '',
    answers.shopping,
    list(success?.reason ?? []),
    success?.device?.name,
    (success?.sticks ?? []).map((stick) => `${stick.name} x${stick.quantity}`).join('; '),
    list(failure?.reason ?? []),
    failure?.comment,
    '',
  ]
}

/** The answer columns of a stored trial (its `answers` as JSON text). */
export function trialAnswerCells(answersText: string): Cell[] {
  const answers = JSON.parse(answersText) as TrialAnswers | string
  if (typeof answers === 'string') {
    const cells: Cell[] = trialAnswerHeader.map(() => '')
    cells[0] = 'simple'
    cells[cells.length - 1] = answers
    return cells
  }
  return guidedCells(answers)
}
