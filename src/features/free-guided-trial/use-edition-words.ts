import { createContext, use } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { EditionAnswer, EditionLists } from '../../contract/content-edition.ts'
import { parseLocale } from '../../contract/locale.ts'
import { labelIn } from './wizard-edition.ts'

/** The answer lists of the wizard's content edition, for its steps (trial-wizard.tsx sets it). */
export const WizardEdition = createContext<EditionLists | null>(null)

/** The wizard's edition's lists, and an answer's words in the app's language. */
export function useEditionWords() {
  const lists = use(WizardEdition)
  const { i18n } = useLingui()
  if (!lists) throw new Error('the wizard draws its steps inside its edition')
  const locale = parseLocale(i18n.locale)
  return {
    lists,
    label: (list: readonly EditionAnswer[], key: string) => labelIn(list, key, locale),
  }
}
