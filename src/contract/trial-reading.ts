import type { MessageDescriptor } from '@lingui/core'
import type { StoredConsent } from './consents.ts'
import type { EditionAnswer, EditionLists } from './content-edition.ts'
import type { Locale } from './locale.ts'
import { reportColumns, reportWords } from './report-columns.ts'
import { stickAnswer, type TrialAnswers } from './trial.ts'
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
} from './trial-labels.ts'

/**
 * A stored trial read in one place (docs/architecture.md): the trial's page, the customer's trials
 * tab and the trials report (CSV and Excel) all read a trial's answers through the questions below,
 * in the language asked. A question added here shows on each of them.
 */

/** A message in the reader's language: `i18n._` in the PWA, the report's translator on the server. */
export type Translate = (message: MessageDescriptor, values?: Record<string, unknown>) => string

/** A trial's consent as the report's cells need it (docs/behaviour.md#consents). */
export type ReadConsent = Pick<StoredConsent, 'consent' | 'given' | 'tickedBy' | 'textId'>

/** A stored guided trial as its questions read it: its answers and its consents as recorded. */
export interface ReadTrial {
  answers: TrialAnswers
  consents: readonly ReadConsent[]
}

/** The words of the stored keys of each list of options (the lists of `trial-options.ts`). */
const optionLabels = {
  genders: genderLabels,
  habits: habitLabels,
  referralSources: referralSourceLabels,
  stickColors: stickColorLabels,
  'stickImpressions.positive': stickImpressionLabels.positive,
  'stickImpressions.negative': stickImpressionLabels.negative,
  'stickImpressions.neutral': stickImpressionLabels.neutral,
  'deviceImpressions.positive': deviceImpressionLabels.positive,
  'deviceImpressions.negative': deviceImpressionLabels.negative,
  'deviceImpressions.neutral': deviceImpressionLabels.neutral,
  shoppingAnswers: shoppingLabels,
  purchaseReasons: purchaseReasonLabels,
  noPurchaseReasons: noPurchaseReasonLabels,
} satisfies Record<string, Record<string, MessageDescriptor>>

/** A list of options whose stored keys have words. */
export type OptionList = keyof typeof optionLabels

/** How a trial's answers become words: messages, and the words of stored keys. */
export interface Words {
  t: Translate
  /** A stored key's word; a key the labels do not know (newer or older data) shows as it is. */
  key: (list: OptionList, key: string) => string
}

/** A trial's content edition, whose labels its stored keys show with, in the reader's locale. */
export interface EditionWords {
  lists: EditionLists
  locale: Locale
}

/** The answers of an edition's list by the name `OptionList` gives it. */
function editionAnswers(lists: EditionLists, list: OptionList): readonly EditionAnswer[] {
  switch (list) {
    case 'stickImpressions.positive':
      return lists.stickImpressions.positive
    case 'stickImpressions.negative':
      return lists.stickImpressions.negative
    case 'stickImpressions.neutral':
      return lists.stickImpressions.neutral
    case 'deviceImpressions.positive':
      return lists.deviceImpressions.positive
    case 'deviceImpressions.negative':
      return lists.deviceImpressions.negative
    case 'deviceImpressions.neutral':
      return lists.deviceImpressions.neutral
    default:
      return lists[list]
  }
}

/**
 * The words of a reader's language. The one place a stored key finds its label: the label its
 * trial's content edition gave it (docs/api.md#content-editions), else the app's own, else the key.
 */
export function wordsIn(t: Translate, edition?: EditionWords): Words {
  return {
    t,
    key: (list, key) => {
      const answer = edition && editionAnswers(edition.lists, list).find((one) => one.key === key)
      if (answer) return answer.labels[edition.locale]
      const labels: Partial<Record<string, MessageDescriptor>> = optionLabels[list]
      const label = labels[key]
      return label ? t(label) : key
    },
  }
}

/** What was liked, disliked and neutral about a stick or the device, as words. */
export interface ImpressionWords {
  positive: string[]
  negative: string[]
  neutral: string[]
}

/** One tried stick, in the order tried: its colour, count, impressions and comment. */
export interface TriedStick extends ImpressionWords {
  color: string
  count: number | null
  comment: string | null
}

/** The device tried, with the impressions kept apart as the wizard asked them. */
export interface TriedDevice extends ImpressionWords {
  name: string
}

type StoredImpressions = { positive: string[]; negative: string[]; neutral: string[] }

function impressionWords(
  words: Words,
  of: 'stickImpressions' | 'deviceImpressions',
  stored: StoredImpressions | undefined,
): ImpressionWords {
  return {
    positive: (stored?.positive ?? []).map((key) => words.key(`${of}.positive`, key)),
    negative: (stored?.negative ?? []).map((key) => words.key(`${of}.negative`, key)),
    neutral: (stored?.neutral ?? []).map((key) => words.key(`${of}.neutral`, key)),
  }
}

/** The tried sticks in the order tried, each with its impressions and comment. */
export function triedSticks(answers: TrialAnswers, words: Words): TriedStick[] {
  return answers.consumptionOrder.map((color) => {
    const { impression, comment } = stickAnswer(answers, color)
    return {
      color: words.key('stickColors', color),
      count: answers.consumptionCounts?.[color] ?? null,
      ...impressionWords(words, 'stickImpressions', impression),
      comment: comment || null,
    }
  })
}

/** The device tried and its impressions; null when none was tried. */
export function triedDevice(answers: TrialAnswers, words: Words): TriedDevice | null {
  const device = answers.device
  if (!device) return null
  return { name: device.name, ...impressionWords(words, 'deviceImpressions', device) }
}

/**
 * A pack as people name it: its brand name, which most often holds its family already ("Aurum
 * Gold" of "Aurum"), with the family in front only when it does not; or the other text.
 */
export function packName(
  pack: { brandName: string; brandFamily: string } | { other: string },
): string {
  if ('other' in pack) return pack.other
  const { brandName, brandFamily } = pack
  return brandName.toLowerCase().includes(brandFamily.toLowerCase())
    ? brandName
    : `${brandFamily} ${brandName}`.trim()
}

/** A thing and how many: `Aurum Gold × 2`. */
function counted(name: string, count: number | null): string {
  return count === null ? name : `${name} × ${count}`
}

/** Liked, disliked and neutral as one text: `+Design -Heavy ~Undecided`. */
function signed(impressions: ImpressionWords): string {
  return [
    ...impressions.positive.map((word) => `+${word}`),
    ...impressions.negative.map((word) => `-${word}`),
    ...impressions.neutral.map((word) => `~${word}`),
  ].join(' ')
}

/**
 * A consent's words: who set the box and the id of the words shown (docs/behaviour.md#consents),
 * never "yes" for a box the app ticked; none when the trial has no consents (no contact given).
 */
function consentWords(trial: ReadTrial, name: ReadConsent['consent'], words: Words): string[] {
  const consent = trial.consents.find((record) => record.consent === name)
  if (!consent) return []
  const how = {
    person: consent.given ? reportWords.consentTickedByPerson : reportWords.consentUntickedByPerson,
    app: consent.given ? reportWords.consentTickedByApp : reportWords.consentNotTickedByApp,
    unknown: consent.given
      ? reportWords.consentTickedUnrecorded
      : reportWords.consentUntickedUnrecorded,
  }[consent.tickedBy]
  const text = consent.textId
    ? ` (${words.t(reportWords.consentText, { textId: consent.textId })})`
    : ''
  return [`${words.t(how)}${text}`]
}

/** One question of the guided trial, as every reader of a stored trial shows it. */
export interface TrialQuestion {
  /** Its column in the trials report. */
  column: string
  /** Its name: the report's column header, and the line's name on the trial's page. */
  label: MessageDescriptor
  /**
   * Whether the trial's page and the customer's trials tab list it among the answers; the sticks
   * and the device have sections of their own there, and the consents are shown as recorded, with
   * the words and locale of each (docs/behaviour.md#consents).
   */
  listed: boolean
  /** What joins its words in a report's cell. */
  joiner: string
  /** Its answer as words: one per chosen option, none when it was not asked or not answered. */
  read: (trial: ReadTrial, words: Words) => string[]
}

/** A question listed among the answers, whose words a report joins with `; `. */
function listed(
  column: string,
  label: MessageDescriptor,
  read: (answers: TrialAnswers, words: Words) => string[],
): TrialQuestion {
  return {
    column,
    label,
    listed: true,
    joiner: '; ',
    read: (trial, words) => read(trial.answers, words),
  }
}

const present = (value: string | null | undefined): string[] => (value ? [value] : [])

/**
 * The guided trial's questions in the wizard's order (docs/behaviour.md#the-guided-trial): adding
 * a question is one entry here (and the words of its options in `trial-labels.ts`). The labels'
 * ids are the report's columns' of old, so that their translations stay.
 */
export const trialQuestions: readonly TrialQuestion[] = [
  listed('gender', /*i18n*/ { id: 'report.column.gender', message: 'Gender' }, (answers, words) => [
    words.key('genders', answers.gender),
  ]),
  listed('ageRange', /*i18n*/ { id: 'report.column.ageRange', message: 'Age range' }, (answers) => [
    rangeLabel(answers.ageRange),
  ]),
  listed('habits', /*i18n*/ { id: 'report.column.habits', message: 'Habits' }, (answers, words) =>
    answers.habits
      .split(';')
      .filter(Boolean)
      .map((habit) => words.key('habits', habit)),
  ),
  listed('htsPack', /*i18n*/ { id: 'report.column.htsPack', message: 'HTS pack' }, (answers) =>
    answers.habitsData.HTS ? [packName(answers.habitsData.HTS)] : [],
  ),
  listed('rmcPack', /*i18n*/ { id: 'report.column.rmcPack', message: 'RMC pack' }, (answers) =>
    answers.habitsData.RMC ? [packName(answers.habitsData.RMC)] : [],
  ),
  listed(
    'consumption',
    /*i18n*/ { id: 'report.column.consumption', message: 'Consumption' },
    (answers) => [rangeLabel(answers.consumption)],
  ),
  listed(
    'referralSources',
    /*i18n*/ { id: 'report.column.referralSources', message: 'Referral sources' },
    (answers, words) => answers.referalSource.map((source) => words.key('referralSources', source)),
  ),
  // The same id as the store log's email column: one translation for both.
  listed('email', /*i18n*/ { id: 'report.column.email', message: 'Email' }, (answers) =>
    present(answers.email.email),
  ),
  listed('phone', /*i18n*/ { id: 'report.column.phone', message: 'Phone' }, (answers) =>
    present(answers.email.phone),
  ),
  {
    column: 'privacyPolicy',
    label: /*i18n*/ { id: 'report.column.privacyPolicy', message: 'Privacy policy' },
    listed: false,
    joiner: '; ',
    read: (trial, words) => consentWords(trial, 'privacyPolicy', words),
  },
  {
    column: 'analyseData',
    label: /*i18n*/ { id: 'report.column.analyseData', message: 'Analyse data' },
    listed: false,
    joiner: '; ',
    read: (trial, words) => consentWords(trial, 'analizeData', words),
  },
  {
    column: 'sticksInOrder',
    label: /*i18n*/ { id: 'report.column.sticksInOrder', message: 'Sticks in order' },
    listed: false,
    joiner: ', ',
    read: (trial, words) =>
      triedSticks(trial.answers, words).map((stick) => counted(stick.color, stick.count)),
  },
  {
    column: 'stickImpressions',
    label: /*i18n*/ { id: 'report.column.stickImpressions', message: 'Stick impressions' },
    listed: false,
    joiner: ' | ',
    read: (trial, words) =>
      triedSticks(trial.answers, words)
        .filter((stick) => signed(stick))
        .map((stick) => `${stick.color}: ${signed(stick)}`),
  },
  {
    column: 'stickComments',
    label: /*i18n*/ { id: 'report.column.stickComments', message: 'Stick comments' },
    listed: false,
    joiner: ' | ',
    read: (trial, words) =>
      triedSticks(trial.answers, words).flatMap((stick) =>
        stick.comment ? [`${stick.color}: ${stick.comment}`] : [],
      ),
  },
  {
    column: 'device',
    label: /*i18n*/ { id: 'report.column.device', message: 'Device' },
    listed: false,
    joiner: '; ',
    read: (trial) => present(trial.answers.device?.name),
  },
  {
    column: 'deviceImpressions',
    label: /*i18n*/ { id: 'report.column.deviceImpressions', message: 'Device impressions' },
    listed: false,
    joiner: '; ',
    read: (trial, words) => {
      const device = triedDevice(trial.answers, words)
      return device ? present(signed(device)) : []
    },
  },
  listed(
    'shopping',
    /*i18n*/ { id: 'report.column.shopping', message: 'Shopping' },
    (answers, words) => [words.key('shoppingAnswers', answers.shopping)],
  ),
  listed(
    'purchaseReasons',
    /*i18n*/ { id: 'report.column.purchaseReasons', message: 'Reasons to buy' },
    (answers, words) =>
      (answers.shoppingSuccess?.reason ?? []).map((reason) => words.key('purchaseReasons', reason)),
  ),
  listed(
    'purchasedDevice',
    /*i18n*/ { id: 'report.column.purchasedDevice', message: 'Purchased device' },
    (answers) => present(answers.shoppingSuccess?.device?.name),
  ),
  listed(
    'purchasedSticks',
    /*i18n*/ { id: 'report.column.purchasedSticks', message: 'Purchased sticks' },
    (answers) =>
      (answers.shoppingSuccess?.sticks ?? []).map((stick) => counted(stick.name, stick.quantity)),
  ),
  listed(
    'noPurchaseReasons',
    /*i18n*/ { id: 'report.column.noPurchaseReasons', message: 'Reasons not to buy' },
    (answers, words) =>
      (answers.shoppingUnsuccess?.reason ?? []).map((reason) =>
        words.key('noPurchaseReasons', reason),
      ),
  ),
  listed(
    'noPurchaseComment',
    /*i18n*/ { id: 'report.column.noPurchaseComment', message: 'No purchase comment' },
    (answers) => present(answers.shoppingUnsuccess?.comment),
  ),
]

/** One answered question as the trial's page and the customer's trials tab list it. */
export interface AnswerLine {
  column: string
  label: string
  values: string[]
}

/** A report's column: its name and its header's words. */
export interface ReportHeading {
  column: string
  label: MessageDescriptor
}

/** The readers of stored trials made from a list of questions (`trialQuestions` in use). */
export interface TrialReading {
  /** The trials report's answer columns: the trial's kind, each question, the simple text. */
  headings: readonly ReportHeading[]
  /** The answer cells of a stored trial (its answers, or the simple trial's text). */
  cells: (
    answers: TrialAnswers | string,
    consents: readonly ReadConsent[],
    t: Translate,
    edition?: EditionWords,
  ) => string[]
  /** The questions listed among the answers, with their words; those not answered left out. */
  lines: (answers: TrialAnswers, t: Translate, edition?: EditionWords) => AnswerLine[]
}

export function trialReading(questions: readonly TrialQuestion[]): TrialReading {
  return {
    headings: [
      { column: 'kind', label: reportColumns.kind },
      ...questions.map(({ column, label }) => ({ column, label })),
      { column: 'comment', label: reportColumns.comment },
    ],
    cells: (answers, consents, t, edition) => {
      if (typeof answers === 'string')
        return [t(reportWords.simple), ...questions.map(() => ''), answers]
      const words = wordsIn(t, edition)
      const trial = { answers, consents }
      return [
        t(reportWords.guided),
        ...questions.map((question) => question.read(trial, words).join(question.joiner)),
        '',
      ]
    },
    lines: (answers, t, edition) => {
      const words = wordsIn(t, edition)
      const trial = { answers, consents: [] }
      return questions
        .filter((question) => question.listed)
        .map((question) => ({
          column: question.column,
          label: t(question.label),
          values: question.read(trial, words),
        }))
        .filter((line) => line.values.length > 0)
    },
  }
}

/** The readers of every stored trial. */
export const trialReadings = trialReading(trialQuestions)
