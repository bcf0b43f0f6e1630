import type { User } from '../../contract/auth.ts'
import type { TrialAnswers as TrialComment, TrialBody } from '../../contract/trial.ts'
import type { StickColor } from '../../contract/trial-options.ts'
import { emptyStickImpression, type WizardState } from './wizard-state.ts'
import { contactChecks, phoneWithPrefix } from './wizard-steps.ts'

type StickEntries = Pick<TrialComment, StickColor | `${StickColor}Comment`>

/**
 * The body of `POST /free-guided/form` (spec section 3) from the wizard's answers: the manager's
 * own store or the chosen one, and the structured comment. `null` while an answer the body needs
 * is missing (the wizard cannot finish then).
 */
export function buildTrialBody(
  state: WizardState,
  user: Pick<User, 'role' | 'expertStore'>,
): TrialBody | null {
  const a = state.answers
  const storeId = user.role === 'manager' ? user.expertStore?.id : a.store?.id
  if (
    storeId === undefined ||
    a.gender === null ||
    a.ageRange === null ||
    a.consumption === null ||
    a.shopping === null
  )
    return null

  const checks = contactChecks(a.email, state.locale)
  const { order, multiple, counts } = a.consumptionOrder
  const sticks: Partial<StickEntries> = {}
  for (const color of order) {
    sticks[color] = a.stickImpressions[color] ?? emptyStickImpression
    sticks[`${color}Comment`] = (a.stickComments[color] ?? '').trim()
  }
  const rmc = a.habitsRMC
  const rmcOther = rmc.other.trim()

  const comment: TrialComment = {
    gender: a.gender,
    ageRange: a.ageRange,
    habits: a.habits.join(';'),
    habitsData: {
      HTS: a.habits.includes('HTS') ? a.habitsHTS.pack : null,
      RMC: !a.habits.includes('RMC')
        ? null
        : rmc.pack
          ? rmc.pack
          : rmcOther
            ? { other: rmcOther }
            : null,
    },
    consumption: a.consumption,
    referalSource: a.referalSource,
    email: {
      ...(checks.email ? { email: a.email.email.trim() } : {}),
      ...(checks.phone ? { phone: phoneWithPrefix(a.email.phone, state.locale) } : {}),
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
  return { store_id: storeId, comment }
}
