import type { TrialAnswers } from '../../contract/trial.ts'
import {
  trialQuestions,
  trialReading,
  type AnswerLine,
  type EditionWords,
  type Translate,
  type TrialQuestion,
} from '../../contract/trial-reading.ts'

/** The questions whose answers the profile's overview shows already: the customer's contact. */
const onTheProfile = new Set(['email', 'phone'])

/**
 * A trial's answers on the customer's trials tab: the lines the trial's page lists, read by the
 * same questions, but for the contact, which matched the trial to this customer and stands on
 * their overview, in the words of the trial's `edition`. None for a simple trial, whose comment is
 * a text. `questions` are the trial's questions in use; a test adds one.
 */
export function trialAnswerLines(
  answers: TrialAnswers | null,
  t: Translate,
  {
    edition,
    questions = trialQuestions,
  }: { edition?: EditionWords; questions?: readonly TrialQuestion[] } = {},
): AnswerLine[] {
  if (!answers) return []
  return trialReading(questions.filter((question) => !onTheProfile.has(question.column))).lines(
    answers,
    t,
    edition,
  )
}
