/**
 * The messages of the customers' rights (docs/api.md#customers-rights), part of `messages`
 * (messages.ts) but in a file of their own: only the administration's screens show them, so the
 * sign-in page's catalog (lingui.config.ts's `public`) leaves them out. The `/*i18n*\/` mark makes
 * `lingui extract` collect them with their explicit ids.
 */
export const customerRightsMessages = {
  customerErased: /*i18n*/ {
    id: 'customer.erased',
    message: "The customer's personal data is erased.",
  },
  trialContactErased: /*i18n*/ {
    id: 'customer.trialContactErased',
    message: "The person's contact and free texts are removed from their trials.",
  },
  trialContactRequired: /*i18n*/ {
    id: 'customer.trialContactRequired',
    message: 'Enter the email or the phone the person gave in their trials.',
  },
  trialContactPhone: /*i18n*/ {
    id: 'customer.trialContactPhone',
    message: 'Enter the phone in the international form, such as +381641234567.',
  },
  erasureTarget: /*i18n*/ {
    id: 'customer.erasureTarget',
    message: "Name either a customer or a person's email or phone, not both.",
  },
} as const
