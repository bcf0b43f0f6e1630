import type { User } from '../../contract/auth.ts'
import type { StickImpression, TrialAnswers, TrialBody } from '../../contract/trial.ts'
import { phoneInCountry } from '../../contract/phone.ts'
import { consentNames, type ConsentName, type ConsentRecord } from '../../contract/consents.ts'
import {
  emptyAnswers,
  emptyStickImpression,
  type ContactAnswer,
  type WizardState,
} from './wizard-state.ts'
import { contactChecks } from './wizard-steps.ts'

/** The answers of the trial's shape, before it is frozen with its finish time and version. */
export type TrialAnswersBody = Pick<
  TrialBody,
  'store_id' | 'comment' | 'consents' | 'content_edition'
>

/**
 * The consents as they were given (docs/behaviour.md#consents), for a trial with an email or a
 * phone: each box as it is, who set it, the id of its text and the locale it was shown in.
 * Undefined when a box's setting was not recorded (a draft of an older build): the server then
 * stores the trial's consents as unknown rather than guess.
 */
export function recordedConsents(
  contact: ContactAnswer,
  textIds: Record<ConsentName, string>,
): ConsentRecord[] | undefined {
  const records: ConsentRecord[] = []
  for (const consent of consentNames) {
    const set = contact.consentsSet[consent]
    if (!set) return undefined
    records.push({
      consent,
      given: contact[consent],
      ticked_by: set.by,
      text_id: textIds[consent],
      locale: set.locale,
    })
  }
  return records
}

/**
 * Whether every answer belongs to a control the screen shows (the reducer clears an answer when
 * its control hides or its step goes): an answer the person cannot see must never be stored.
 */
export function isShowable(state: WizardState): boolean {
  const a = state.answers
  const hts = a.habitsHTS
  const rmc = a.habitsRMC
  const chosen: readonly string[] = a.consumptionOrder.order
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y)
  return (
    (a.habits.includes('HTS') || same(hts, emptyAnswers.habitsHTS)) &&
    (hts.pack === null || hts.pack.brandFamily === hts.brandFamily) &&
    (a.habits.includes('RMC') || same(rmc, emptyAnswers.habitsRMC)) &&
    // The other text is shown only while no brand family is chosen.
    (rmc.other === '' || (rmc.brandFamily === null && rmc.pack === null)) &&
    (rmc.pack === null || rmc.pack.brandFamily === rmc.brandFamily) &&
    Object.keys(a.stickImpressions).every((color) => chosen.includes(color)) &&
    Object.keys(a.stickComments).every((color) => chosen.includes(color)) &&
    (chosen.length > 0 || same(a.device, emptyAnswers.device)) &&
    (a.shopping !== 'no' || same(a.shoppingSuccess, emptyAnswers.shoppingSuccess)) &&
    (a.shopping !== 'yes' || same(a.shoppingUnsuccess, emptyAnswers.shoppingUnsuccess))
  )
}

/**
 * The answers of `POST /free-guided/form` (docs/behaviour.md#records) from the wizard's state: the
 * manager's own store or the chosen one, and the structured comment. `null` while an answer the
 * body needs is missing (the wizard cannot finish then), or when the state holds an answer the
 * screen could not show.
 */
export function buildTrialBody(
  state: WizardState,
  user: Pick<User, 'role' | 'expertStore'>,
  consentTextIds: Record<ConsentName, string>,
): TrialAnswersBody | null {
  const a = state.answers
  const storeId = user.role === 'manager' ? user.expertStore?.id : a.store?.id
  if (
    !isShowable(state) ||
    storeId === undefined ||
    a.gender === null ||
    a.ageRange === null ||
    a.consumption === null ||
    a.shopping === null
  )
    return null

  const checks = contactChecks(a.email, state.country)
  const phone = phoneInCountry(a.email.phone, state.country)
  const { order, multiple, counts } = a.consumptionOrder
  const sticks: Record<string, StickImpression | string> = {}
  for (const color of order) {
    sticks[color] = a.stickImpressions[color] ?? emptyStickImpression
    sticks[`${color}Comment`] = (a.stickComments[color] ?? '').trim()
  }
  const rmc = a.habitsRMC
  const rmcOther = rmc.other.trim()

  const comment: TrialAnswers = {
    gender: a.gender,
    ageRange: a.ageRange,
    habits: a.habits.join(';'),
    habitsData: {
      HTS: a.habits.includes('HTS') ? a.habitsHTS.pack : null,
      RMC: !a.habits.includes('RMC') ? null : (rmc.pack ?? (rmcOther ? { other: rmcOther } : null)),
    },
    consumption: a.consumption,
    referalSource: a.referalSource,
    email: {
      ...(checks.email ? { email: a.email.email.trim() } : {}),
      ...(phone !== null ? { phone } : {}),
      privacyPolicy: a.email.privacyPolicy,
      analizeData: a.email.analizeData,
    },
    consumptionOrder: order,
    ...(multiple && order.length > 0
      ? { consumptionCounts: Object.fromEntries(order.map((color) => [color, counts[color] ?? 1])) }
      : {}),
    device:
      order.length > 0 && a.device.product
        ? { id: a.device.product.id, name: a.device.product.name, ...a.device.impressions }
        : null,
    ...sticks,
    shopping: a.shopping,
    ...(a.shopping === 'yes'
      ? {
          shoppingSuccess: {
            reason: a.shoppingSuccess.reason,
            device: a.shoppingSuccess.device,
            sticks: a.shoppingSuccess.sticks.filter((stick) => stick.quantity > 0),
          },
        }
      : {
          shoppingUnsuccess: {
            reason: a.shoppingUnsuccess.reason,
            ...(a.shoppingUnsuccess.comment.trim()
              ? { comment: a.shoppingUnsuccess.comment.trim() }
              : {}),
          },
        }),
  }
  const withContact = comment.email.email !== undefined || comment.email.phone !== undefined
  const consents = withContact ? recordedConsents(a.email, consentTextIds) : undefined
  return {
    store_id: storeId,
    comment,
    ...(consents ? { consents } : {}),
    ...(state.contentEdition !== null ? { content_edition: state.contentEdition } : {}),
  }
}
