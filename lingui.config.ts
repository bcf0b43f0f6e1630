import type { LinguiConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/**
 * The administration's screens (vite.config.ts's admin-only sources) and the store's customers and
 * vouchers screens, with their routes: the texts only managers and administrators see.
 */
const manageSources = [
  '<rootDir>/src/routes/_app/_admin.tsx',
  '<rootDir>/src/routes/_app/_admin',
  '<rootDir>/src/routes/_app/_store/customers.*',
  '<rootDir>/src/routes/_app/_store/vouchers.*',
  '<rootDir>/src/routes/_app/_store/used-code.*',
  '<rootDir>/src/features/users',
  '<rootDir>/src/features/store-admin',
  '<rootDir>/src/features/reports',
  '<rootDir>/src/features/trials',
  '<rootDir>/src/features/audit',
  '<rootDir>/src/features/devices',
  '<rootDir>/src/features/backups',
  '<rootDir>/src/features/customer-rights',
  '<rootDir>/src/features/content-admin',
  '<rootDir>/src/features/catalogue-admin',
  '<rootDir>/src/features/customers',
  '<rootDir>/src/features/vouchers',
  '<rootDir>/src/ui/admin',
  '<rootDir>/src/ui/date-field*',
  // Voucher and visit words, shown by the store screens and the administration's trial view.
  '<rootDir>/src/contract/record-labels.ts',
  // A stored trial's questions, shown by the trial's page and the customer's trials tab, and
  // edition 1's words for its answers, which they read trials of edition 1 with (tablets show the
  // words of the content edition they hold).
  '<rootDir>/src/contract/trial-reading.ts',
  '<rootDir>/src/contract/trial-labels.ts',
  // The customers' rights', the review's and the quarantine's messages, which only the
  // administration's screens show.
  '<rootDir>/src/contract/customer-rights-messages.ts',
  '<rootDir>/src/contract/review-messages.ts',
  '<rootDir>/src/contract/review-labels.ts',
  '<rootDir>/src/contract/quarantine-messages.ts',
  '<rootDir>/src/contract/administration-messages.ts',
  '<rootDir>/src/contract/store-messages.ts',
  '<rootDir>/src/contract/device-action-messages.ts',
  // The content editions' and the catalogue's messages: only the administration's screens show them.
  '<rootDir>/src/contract/content-messages.ts',
  '<rootDir>/src/contract/catalogue-messages.ts',
  // The review screen and its parts on the trial's page.
  '<rootDir>/src/features/review',
]

/** The reports' column names, a customer's export page and the mails: the server's, no screen shows them. */
const serverOnlySources = [
  '<rootDir>/src/contract/report-columns.ts',
  '<rootDir>/src/contract/customer-export-labels.ts',
  '<rootDir>/src/contract/mail-messages.ts',
]

// Source texts are written in English; `me` is the app's default and fallback locale.
const config: LinguiConfig = {
  locales: ['me', 'sr', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'me' },
  catalogs: [
    // Every message: where translators work, and what the server loads. The PWA loads the parts
    // below (src/i18n.ts), each filled from this one (scripts/build/public-catalog.ts).
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'] },
    // The app's screens after sign-in, but for those that only administrators and the store's
    // customers and vouchers screens show: a brand expert never loads those texts.
    {
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src'],
      exclude: [...manageSources, ...serverOnlySources],
    },
    // …which come with those screens (loaded with the first of them, beside `app`).
    { path: '<rootDir>/src/locales/{locale}/manage', include: manageSources },
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
        ...serverOnlySources,
        // The trial's and the records' words come after sign-in.
        '<rootDir>/src/contract/trial-labels.ts',
        '<rootDir>/src/contract/record-labels.ts',
        '<rootDir>/src/contract/trial-reading.ts',
        '<rootDir>/src/contract/customer-rights-messages.ts',
        '<rootDir>/src/contract/review-messages.ts',
        '<rootDir>/src/contract/review-labels.ts',
        '<rootDir>/src/contract/quarantine-messages.ts',
        '<rootDir>/src/contract/administration-messages.ts',
        '<rootDir>/src/contract/store-messages.ts',
        '<rootDir>/src/contract/decision-labels.ts',
        '<rootDir>/src/contract/device-action-messages.ts',
        '<rootDir>/src/contract/content-messages.ts',
        '<rootDir>/src/contract/edition-messages.ts',
        '<rootDir>/src/contract/catalogue-messages.ts',
        '<rootDir>/src/ui/date-field*',
        '<rootDir>/src/ui/admin',
        '<rootDir>/src/ui/store-combobox.tsx',
        '<rootDir>/src/ui/search-panel.tsx',
        '<rootDir>/src/ui/country-name.ts',
        '<rootDir>/src/ui/phone-hint.ts',
        // Screens behind sign-in only, which load the whole catalog first (src/routes/_app.tsx).
        '<rootDir>/src/ui/combobox.tsx',
        '<rootDir>/src/ui/text-area.tsx',
        '<rootDir>/src/ui/role-name.ts',
        '<rootDir>/src/features/auth/no-access.tsx',
        // No field before sign-in has a limit to count down to.
        '<rootDir>/src/ui/length-limit.tsx',
        '<rootDir>/src/features/auth/change-password-form.tsx',
        // The lock screens come after sign-in, with the app's catalogue (src/features/auth/lock-gate.tsx).
        '<rootDir>/src/features/auth/lock-screen.tsx',
        '<rootDir>/src/features/auth/pin-settings.tsx',
        '<rootDir>/src/features/auth/passkey-settings.tsx',
        '<rootDir>/src/features/auth/pin-fields.tsx',
        // The remote actions' notices show on a tablet someone signed in on.
        '<rootDir>/src/offline/remote-action-acts.ts',
      ],
    },
  ],
  compileNamespace: 'ts',
  // <Trans> keeps text values plain (src/ui/trans.tsx): user data is never read as markup.
  runtimeConfigModule: { Trans: ['#ui/trans', 'Trans'] },
  format: formatter({ lineNumbers: false }),
}
export default config
