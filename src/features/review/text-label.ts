import { useLingui } from '@lingui/react/macro'
import { stickColorLabels } from '../../contract/trial-labels.ts'
import { stickColors } from '../../contract/trial-options.ts'

/**
 * A trial's free text by its path under `comment` (correction.ts), as a field or a change names
 * it: a simple trial's text, a stick's comment, why the customer did not buy, the contact given.
 */
export function useTextLabel(): (path: readonly string[]) => string {
  const { t, i18n } = useLingui()
  return (path) => {
    const [key] = path
    if (key === undefined) return t`Text`
    if (key === 'shoppingUnsuccess') return t`Why the customer did not buy`
    // A quarantined trial's contact, which its accept form offers to correct (acceptance.ts).
    if (key === 'email' && path[1] === 'email') return t`Customer's email`
    if (key === 'email' && path[1] === 'phone') return t`Customer's phone`
    const color = stickColors.find((one) => key === `${one}Comment`)
    if (color) {
      const name = i18n._(stickColorLabels[color])
      return t`Comment on ${name}`
    }
    return path.join('.')
  }
}
