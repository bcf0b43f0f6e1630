import type { LinguiConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

// Source texts are written in English; `me` is the app's default and fallback locale.
const config: LinguiConfig = {
  locales: ['me', 'sr', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'me' },
  catalogs: [
    // Every message: the app's, after sign-in, and the server's.
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'] },
    // What the pages before sign-in show (src/i18n.ts loads only this there): the sign-in page
    // then carries a fifth of the catalog, not all of it.
    {
      path: '<rootDir>/src/locales/{locale}/public',
      include: [
        '<rootDir>/src/routes/__root.tsx',
        '<rootDir>/src/routes/login.tsx',
        '<rootDir>/src/routes/forgot-password.tsx',
        '<rootDir>/src/routes/password-reset.tsx',
        '<rootDir>/src/routes/password-setup.tsx',
        '<rootDir>/src/features/auth',
        '<rootDir>/src/app/not-found.tsx',
        '<rootDir>/src/app/route-error.tsx',
        '<rootDir>/src/contract',
        '<rootDir>/src/ui',
        '<rootDir>/src/api',
        '<rootDir>/src/offline',
      ],
      // Only admin forms have date fields; the store picker, the searches and the password change
      // come after sign-in.
      exclude: [
        '<rootDir>/src/ui/date-field*',
        '<rootDir>/src/ui/admin',
        '<rootDir>/src/ui/store-combobox.tsx',
        '<rootDir>/src/ui/search-panel.tsx',
        '<rootDir>/src/features/auth/change-password-form.tsx',
      ],
    },
  ],
  compileNamespace: 'ts',
  // <Trans> keeps text values plain (src/ui/trans.tsx): user data is never read as markup.
  runtimeConfigModule: { Trans: ['#ui/trans', 'Trans'] },
  format: formatter({ lineNumbers: false }),
}
export default config
