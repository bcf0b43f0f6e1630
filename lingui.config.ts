import type { LinguiConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

// Source texts are written in English; `me` is the app's default and fallback locale.
const config: LinguiConfig = {
  locales: ['me', 'sr', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'me' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  compileNamespace: 'ts',
  // <Trans> keeps text values plain (src/ui/trans.tsx): user data is never read as markup.
  runtimeConfigModule: { Trans: ['#ui/trans', 'Trans'] },
  format: formatter({ lineNumbers: false }),
}
export default config
