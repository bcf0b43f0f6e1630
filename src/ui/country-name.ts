import { useLingui } from '@lingui/react/macro'
import type { Country } from '../contract/countries.ts'

/** The country's name in the current locale: the stores' screens and the voucher's value. */
export function useCountryName() {
  const { t } = useLingui()
  const names: Record<Country, string> = { RS: t`Serbia`, ME: t`Montenegro` }
  return (country: Country) => names[country]
}
