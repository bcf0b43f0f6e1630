import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { locales, type Locale } from '../../contract/locale.ts'
import { activateLocale, currentLocale } from '../../i18n.ts'
import cardStyles from '../../ui/card.module.css'
import styles from './settings.module.css'

/** Each language named in itself, so anyone finds their own. */
const localeNames: Record<Locale, string> = { me: 'Crnogorski', sr: 'Srpski', en: 'English' }

/** The app's language on this device; it also sets the `Language` header of every request. */
export function LocaleSwitch() {
  const queryClient = useQueryClient()
  const [locale, setLocale] = useState(currentLocale())
  return (
    <section className={cardStyles.card} aria-labelledby="language-heading">
      <h2 id="language-heading">
        <Trans>Language</Trans>
      </h2>
      <div role="radiogroup" aria-labelledby="language-heading" className={styles.choices}>
        {locales.map((option) => (
          <label key={option} className={styles.choice}>
            <input
              type="radio"
              name="locale"
              value={option}
              checked={locale === option}
              onChange={() => {
                setLocale(option)
                void activateLocale(option).then(() => queryClient.invalidateQueries())
              }}
            />
            <span lang={option === 'en' ? 'en' : option === 'sr' ? 'sr-Latn-RS' : 'sr-Latn-ME'}>
              {localeNames[option]}
            </span>
          </label>
        ))}
      </div>
    </section>
  )
}
