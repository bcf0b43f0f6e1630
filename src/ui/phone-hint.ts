import { useLingui } from '@lingui/react/macro'
import type { Country } from '../contract/countries.ts'
import { countryPhone } from '../contract/phone.ts'
import { useCountryName } from './country-name.ts'

/**
 * The hint of a phone field: what a number of the country looks like, from the country's rule
 * (src/contract/phone.ts), so that it never says what the field then refuses.
 */
export function usePhoneHint() {
  const { t } = useLingui()
  const countryName = useCountryName()
  return (country: Country) => {
    const { prefix, example, nationalDigits } = countryPhone[country]
    const name = countryName(country)
    const min = nationalDigits.min
    const max = nationalDigits.max
    return t`${name}: ${min} to ${max} digits starting with 06, such as ${example}; or ${prefix} instead of the 0.`
  }
}
