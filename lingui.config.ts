import type { LinguiConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

// Source texts are written in English; `me` is the app's default and fallback locale.
const config: LinguiConfig = {
  locales: ['me', 'sr', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'me' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  compileNamespace: 'ts',
  format: formatter({ lineNumbers: false }),
}
export default config
