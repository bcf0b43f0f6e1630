import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { StickImpression, TrialAnswers } from '../../contract/trial.ts'
import type { Habit, StickColor } from '../../contract/trial-options.ts'
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
} from '../../contract/trial-labels.ts'

/** Translates a descriptor (`i18n._` in the app, an identity stub in tests). */
export type Translate = (descriptor: MessageDescriptor) => string

/** One answered question: its label and the chosen answers as words. */
export interface AnswerLine {
  label: string
  values: string[]
}

/** What the customer liked, disliked and felt neutral about, as words. */
export interface ImpressionWords {
  positive: string[]
  negative: string[]
  neutral: string[]
}

/** One tried stick, in the order tried: colour, count, impressions, comment. */
export interface StickLine extends ImpressionWords {
  color: string
  count: number | null
  comment: string | null
}

/** The device tried, with the impressions kept apart as the wizard asked them. */
export interface DeviceLine extends ImpressionWords {
  name: string
}

function impressions<G extends 'positive' | 'negative' | 'neutral'>(
  labels: Record<G, Record<string, MessageDescriptor>>,
  group: G,
  keys: readonly string[] | undefined,
  _: Translate,
): string[] {
  return (keys ?? []).map((key) => {
    const label = labels[group][key]
    return label ? _(label) : key
  })
}

/** A key's label; a key the labels do not know (newer data) shows as it is. */
function word(labels: Partial<Record<string, MessageDescriptor>>, key: string, _: Translate) {
  const label = labels[key]
  return label ? _(label) : key
}

/**
 * A pack as people name it: its brand name, which most often holds its family already ("Nordic
 * Arctic" of "Nordic"), with the family in front only when it does not; or the other text.
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

/**
 * The answers of a free guided trial as labelled lines, in the wizard's order
 * (docs/behaviour.md#the-guided-trial); the sticks and the device tried, with their impressions,
 * come from `stickLines` and `deviceLine`. The consents are not among them: the answers' boxes
 * say only ticked or not, and a box the app ticked is no consent (docs/behaviour.md#consents), so
 * the page shows them from the trial's records, with who set each box and in which words.
 */
export function answerLines(answers: TrialAnswers, _: Translate): AnswerLine[] {
  const habitKeys = answers.habits.split(';').filter(Boolean) as Habit[]
  const lines: AnswerLine[] = [
    { label: _(msg`Gender`), values: [word(genderLabels, answers.gender, _)] },
    { label: _(msg`Age range`), values: [rangeLabel(answers.ageRange)] },
    { label: _(msg`Habits`), values: habitKeys.map((habit) => word(habitLabels, habit, _)) },
  ]
  if (answers.habitsData.HTS)
    lines.push({ label: _(msg`HTS pack`), values: [packName(answers.habitsData.HTS)] })
  if (answers.habitsData.RMC)
    lines.push({ label: _(msg`RMC pack`), values: [packName(answers.habitsData.RMC)] })
  lines.push(
    { label: _(msg`Daily consumption`), values: [rangeLabel(answers.consumption)] },
    {
      label: _(msg`Heard of us through`),
      values: answers.referalSource.map((source) => word(referralSourceLabels, source, _)),
    },
  )
  const contact = [answers.email.email, answers.email.phone].filter((value): value is string =>
    Boolean(value),
  )
  lines.push({ label: _(msg`Contact`), values: contact.length ? contact : [_(msg`None given`)] })
  lines.push({ label: _(msg`Shopping`), values: [word(shoppingLabels, answers.shopping, _)] })
  const bought = answers.shoppingSuccess
  if (bought) {
    lines.push({
      label: _(msg`Reasons to buy`),
      values: bought.reason.map((reason) => word(purchaseReasonLabels, reason, _)),
    })
    const items = [
      ...(bought.device ? [bought.device.name] : []),
      ...bought.sticks.map((stick) => `${stick.name} × ${stick.quantity}`),
    ]
    if (items.length) lines.push({ label: _(msg`Bought`), values: items })
  }
  const notBought = answers.shoppingUnsuccess
  if (notBought) {
    lines.push({
      label: _(msg`Reasons not to buy`),
      values: notBought.reason.map((reason) => word(noPurchaseReasonLabels, reason, _)),
    })
    if (notBought.comment) lines.push({ label: _(msg`Comment`), values: [notBought.comment] })
  }
  return lines
}

/** The device tried and its impressions; null when none was tried. */
export function deviceLine(answers: TrialAnswers, _: Translate): DeviceLine | null {
  const device = answers.device
  if (!device) return null
  return {
    name: device.name,
    positive: impressions(deviceImpressionLabels, 'positive', device.positive, _),
    negative: impressions(deviceImpressionLabels, 'negative', device.negative, _),
    neutral: impressions(deviceImpressionLabels, 'neutral', device.neutral, _),
  }
}

/** The tried sticks in the order tried, each with its impressions and comment. */
export function stickLines(answers: TrialAnswers, _: Translate): StickLine[] {
  return answers.consumptionOrder.map((color: StickColor) => {
    const impression: StickImpression | undefined = answers[color]
    return {
      color: word(stickColorLabels, color, _),
      count: answers.consumptionCounts?.[color] ?? null,
      positive: impressions(stickImpressionLabels, 'positive', impression?.positive, _),
      negative: impressions(stickImpressionLabels, 'negative', impression?.negative, _),
      neutral: impressions(stickImpressionLabels, 'neutral', impression?.neutral, _),
      comment: answers[`${color}Comment`] || null,
    }
  })
}
