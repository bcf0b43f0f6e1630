import { useLingui } from '@lingui/react/macro'
import type { EditionState } from '../../contract/content-edition.ts'

/** An edition's state in the admin's words. */
export function useStateName(): (state: EditionState) => string {
  const { t } = useLingui()
  const names: Record<EditionState, string> = {
    draft: t({ message: 'Draft', context: 'content edition' }),
    scheduled: t({ message: 'Scheduled', context: 'content edition' }),
    published: t({ message: 'In use', context: 'content edition' }),
    superseded: t({ message: 'Superseded', context: 'content edition' }),
  }
  return (state) => names[state]
}
