import type { EditionTexts } from '../../contract/content-edition.ts'
import { contentMessages } from '../../contract/content-messages.ts'
import {
  editionListNames,
  newKeyPattern,
  type EditionListName,
} from '../../contract/content-requests.ts'
import { locales } from '../../contract/locale.ts'
import { messages } from '../../contract/messages.ts'
import { isStructural, type DraftAnswer, type DraftState, type NewAnswer } from './draft-edits.ts'

/**
 * The rules the screen checks before it sends (the server checks them again, and those that need
 * the published editions): each refusal by the field it names, as the server's `invalidFields`
 * do (`lists.referralSources.11.labels.me`), with the message's id.
 */
export type FieldErrors = Record<string, string>

const maxLabel = 120
const maxText = 2000
const swatchPattern = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/

function textsErrors(errors: FieldErrors, field: string, texts: EditionTexts, max: number): void {
  for (const locale of locales) {
    const text = texts[locale].trim()
    if (text === '') errors[`${field}.${locale}`] = messages.required.id
    else if (text.length > max) errors[`${field}.${locale}`] = messages.tooLong.id
  }
}

function answerErrors(
  errors: FieldErrors,
  list: EditionListName,
  answers: readonly DraftAnswer[],
): void {
  answers.forEach((answer, index) => {
    const field = `lists.${list}.${index}`
    textsErrors(errors, `${field}.labels`, answer.labels, maxLabel)
    if (answers.findIndex((other) => other.key === answer.key) !== index)
      errors[`${field}.key`] = contentMessages.contentKeyDuplicate.id
    if (!answer.active && isStructural(list, answer.key))
      errors[`${field}.active`] = contentMessages.contentKeyStructural.id
    if (answer.swatch !== undefined && !swatchPattern.test(answer.swatch))
      errors[`${field}.swatch`] = contentMessages.contentSwatchInvalid.id
  })
}

/** Every refusal of the draft as it is on screen; none when it may be sent. */
export function draftErrors(state: DraftState): FieldErrors {
  const errors: FieldErrors = {}
  for (const list of editionListNames) answerErrors(errors, list, state.lists[list])
  textsErrors(errors, 'consents.privacyPolicy', state.consents.privacyPolicy, maxText)
  textsErrors(errors, 'consents.analizeData', state.consents.analizeData, maxText)
  return errors
}

/**
 * The refusals of a new answer before it joins its list, by `key`, `labels.<locale>` and
 * `swatch`: its key matches `newKeyPattern` and is not one the list has (retired ones included:
 * keys are never reused), its three labels are there, and a stick colour has its swatch.
 */
export function newAnswerErrors(
  list: EditionListName,
  answers: readonly DraftAnswer[],
  answer: NewAnswer,
): FieldErrors {
  const errors: FieldErrors = {}
  if (answer.key === '') errors.key = messages.required.id
  else if (!newKeyPattern.test(answer.key)) errors.key = contentMessages.contentKeyInvalid.id
  else if (answers.some((found) => found.key === answer.key))
    errors.key = contentMessages.contentKeyDuplicate.id
  textsErrors(errors, 'labels', answer.labels, maxLabel)
  if (list === 'stickColors' && !swatchPattern.test(answer.swatch ?? ''))
    errors.swatch = contentMessages.contentSwatchInvalid.id
  return errors
}
