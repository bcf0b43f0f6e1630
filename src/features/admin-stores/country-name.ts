import { useLingui } from '@lingui/react/macro'
import type { countries } from '../../contract/stores.ts'

/** The country's name in the current locale. */
export function useCountryName() {
  const { t } = useLingui()
  const names: Record<(typeof countries)[number], string> = { RS: t`Serbia`, ME: t`Montenegro` }
  return (country: (typeof countries)[number]) => names[country]
}
