import type { MessageDescriptor } from '@lingui/core'
import type { ConsentName, StoredConsent } from '#contract/consents.ts'
import type { ReportColumn } from '#contract/report-columns.ts'
import { reportWords } from '#contract/report-columns.ts'
import type { TrialAnswers } from '#contract/trial.ts'
import {
  deviceImpressionLabels,
  genderLabels,
  habitLabels,
  noPurchaseReasonLabels,
  purchaseReasonLabels,
  rangeLabel,
  referralSourceLabels,
  shoppingLabels,
  stickColorLabels,
  stickImpressionLabels,
} from '#contract/trial-labels.ts'
import { habits, stickColors, type Habit } from '#contract/trial-options.ts'
import type { Cell } from './csv.ts'

/** A trial's consent as its report cells need it. */
export type ReportConsent = Pick<StoredConsent, 'consent' | 'given' | 'tickedBy' | 'textId'>

/** A message in the report's language. */
export type Translate = (message: MessageDescriptor, values?: Record<string, unknown>) => string

/** A trial's answers flattened into readable columns, after id, date, store and expert. */
export const trialAnswerColumns: readonly ReportColumn[] = [
  'kind',
  'gender',
  'ageRange',
  'habits',
  'htsPack',
  'rmcPack',
  'consumption',
  'referralSources',
  'email',
  'phone',
  'privacyPolicy',
  'analyseData',
  'sticksInOrder',
  'stickImpressions',
  'stickComments',
  'device',
  'deviceImpressions',
  'shopping',
  'purchaseReasons',
  'purchasedDevice',
  'purchasedSticks',
  'noPurchaseReasons',
  'noPurchaseComment',
  'comment',
]

type Impressions = { positive: string[]; negative: string[]; neutral: string[] }
type ImpressionLabels = {
  [G in keyof Impressions]: Partial<Record<string, MessageDescriptor>>
}

/** A label for a stored key; a key the labels do not know (an older option) shows as it is. */
function labelOf(
  t: Translate,
  labels: Partial<Record<string, MessageDescriptor>>,
  key: string,
): string {
  const label = labels[key]
  return label ? t(label) : key
}

const list = (t: Translate, labels: Partial<Record<string, MessageDescriptor>>, keys?: string[]) =>
  (keys ?? []).map((key) => labelOf(t, labels, key)).join('; ')

function impressions(t: Translate, labels: ImpressionLabels, value: Impressions): string {
  return [
    ...value.positive.map((item) => `+${labelOf(t, labels.positive, item)}`),
    ...value.negative.map((item) => `-${labelOf(t, labels.negative, item)}`),
    ...value.neutral.map((item) => `~${labelOf(t, labels.neutral, item)}`),
  ].join(' ')
}

function pack(t: Translate, value: TrialAnswers['habitsData']['RMC']): string {
  if (!value) return ''
  if ('other' in value) return t(reportWords.other, { text: value.other })
  return `${value.brandFamily} ${value.brandName}`
}

/**
 * A consent's cell: who set the box and the id of the words shown (docs/behaviour.md#consents),
 * never "yes" for a box the app ticked; empty when the trial has no consents (no contact given).
 */
function consentCell(t: Translate, consents: ReportConsent[], name: ConsentName): string {
  const consent = consents.find((record) => record.consent === name)
  if (!consent) return ''
  const how = {
    person: consent.given ? reportWords.consentTickedByPerson : reportWords.consentUntickedByPerson,
    app: consent.given ? reportWords.consentTickedByApp : reportWords.consentNotTickedByApp,
    unknown: consent.given
      ? reportWords.consentTickedUnrecorded
      : reportWords.consentUntickedUnrecorded,
  }[consent.tickedBy]
  const text = consent.textId ? ` (${t(reportWords.consentText, { textId: consent.textId })})` : ''
  return `${t(how)}${text}`
}

function isHabit(key: string): key is Habit {
  return habits.some((habit) => habit === key)
}

function guidedCells(t: Translate, answers: TrialAnswers, consents: ReportConsent[]): Cell[] {
  const color = (key: (typeof stickColors)[number]) => t(stickColorLabels[key])
  const sticks = answers.consumptionOrder.map((key) => {
    const count = answers.consumptionCounts?.[key]
    return count === undefined ? color(key) : `${color(key)} x${count}`
  })
  const stickImpressions = stickColors
    .filter((key) => answers[key] !== undefined)
    .map(
      (key) =>
        `${color(key)}: ${impressions(t, stickImpressionLabels, answers[key] ?? { positive: [], negative: [], neutral: [] })}`,
    )
  const stickComments = stickColors
    .filter((key) => answers[`${key}Comment`])
    .map((key) => `${color(key)}: ${answers[`${key}Comment`] ?? ''}`)
  const success = answers.shoppingSuccess
  const failure = answers.shoppingUnsuccess
  return [
    t(reportWords.guided),
    t(genderLabels[answers.gender]),
    rangeLabel(answers.ageRange),
    answers.habits
      .split(';')
      .map((key) => (isHabit(key) ? t(habitLabels[key]) : key))
      .join('; '),
    pack(t, answers.habitsData.HTS),
    pack(t, answers.habitsData.RMC),
    rangeLabel(answers.consumption),
    list(t, referralSourceLabels, answers.referalSource),
    answers.email.email,
    answers.email.phone,
    consentCell(t, consents, 'privacyPolicy'),
    consentCell(t, consents, 'analizeData'),
    sticks.join(', '),
    stickImpressions.join(' | '),
    stickComments.join(' | '),
    answers.device?.name,
    answers.device ? impressions(t, deviceImpressionLabels, answers.device) : '',
    t(shoppingLabels[answers.shopping]),
    list(t, purchaseReasonLabels, success?.reason),
    success?.device?.name,
    (success?.sticks ?? []).map((stick) => `${stick.name} x${stick.quantity}`).join('; '),
    list(t, noPurchaseReasonLabels, failure?.reason),
    failure?.comment,
    '',
  ]
}

/**
 * The answer columns of a stored trial (its `answers` as JSON text, and its consents as
 * recorded), in the report's language.
 */
export function trialAnswerCells(
  t: Translate,
  answersText: string,
  consents: ReportConsent[],
): Cell[] {
  const answers = JSON.parse(answersText) as TrialAnswers | string
  if (typeof answers === 'string') {
    const cells: Cell[] = trialAnswerColumns.map(() => '')
    cells[0] = t(reportWords.simple)
    cells[cells.length - 1] = answers
    return cells
  }
  return guidedCells(t, answers, consents)
}
