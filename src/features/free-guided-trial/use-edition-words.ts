import { createContext, use } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { Edition, EditionAnswer } from '../../contract/content-edition.ts'
import { parseLocale } from '../../contract/locale.ts'
import { labelIn } from './wizard-edition.ts'

/** The wizard's content edition, for its steps (trial-wizard.tsx sets it). */
export const WizardEdition = createContext<Edition | null>(null)

/** The wizard's edition, its lists, and an answer's words in the app's language. */
export function useEditionWords() {
  const edition = use(WizardEdition)
  const { i18n } = useLingui()
  if (!edition) throw new Error('the wizard draws its steps inside its edition')
  const locale = parseLocale(i18n.locale)
  return {
    edition,
    lists: edition.lists,
    locale,
    label: (list: readonly EditionAnswer[], key: string) => labelIn(list, key, locale),
  }
}
