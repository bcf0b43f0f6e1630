import type { administrationMessages } from './administration-messages.ts'
import type { contentMessages } from './content-messages.ts'
import type { editionMessages } from './edition-messages.ts'
import type { customerRightsMessages } from './customer-rights-messages.ts'
import type { deviceActionMessages } from './device-action-messages.ts'
import type { reviewMessages } from './review-messages.ts'
import type { catalogueMessages } from './catalogue-messages.ts'
import type { storeMessages } from './store-messages.ts'
import type { quarantineMessages } from './quarantine-messages.ts'

/**
 * Messages that both the server and the PWA show: validation texts and the server's answers.
 * The `/*i18n*\/` mark makes `lingui extract` collect them with their explicit ids; schemas carry
 * the id as their message, and each side translates it (server: by the `Language` header).
 */
export const messages = {
  required: /*i18n*/ { id: 'validation.required', message: 'This field is required' },
  email: /*i18n*/ { id: 'validation.email', message: 'Must be a valid email.' },
  restrictedEmail: /*i18n*/ { id: 'validation.restrictedEmail', message: 'Email is not valid' },
  phoneSr: /*i18n*/ {
    id: 'validation.phone.sr',
    message: 'Phone must be in the format +3816xxxxxx or 06xxxxxx',
  },
  phoneMe: /*i18n*/ {
    id: 'validation.phone.me',
    message: 'Phone must be in the format +3826xxxxxx or 06xxxxxx',
  },
  phoneEn: /*i18n*/ {
    id: 'validation.phone.en',
    message: 'Phone must be in the format + followed by 9 or 10 digits',
  },
  confirmed: /*i18n*/ { id: 'validation.confirmed', message: 'Passwords do not match.' },
  passwordMin: /*i18n*/ {
    id: 'validation.password.min',
    message: 'Password must have at least 8 characters.',
  },
  passwordMax: /*i18n*/ {
    id: 'validation.password.max',
    message: 'Password can have at most 128 characters.',
  },
  passwordLower: /*i18n*/ {
    id: 'validation.password.lowercase',
    message: 'Password must contain a lowercase letter.',
  },
  passwordUpper: /*i18n*/ {
    id: 'validation.password.uppercase',
    message: 'Password must contain an uppercase letter.',
  },
  passwordDigit: /*i18n*/ {
    id: 'validation.password.digit',
    message: 'Password must contain a digit.',
  },
  passwordSpecial: /*i18n*/ {
    id: 'validation.password.special',
    message: 'Password must contain a special character.',
  },
  passwordCommon: /*i18n*/ {
    id: 'validation.password.common',
    message: 'This password is too common. Choose another.',
  },
  invalid: /*i18n*/ { id: 'validation.invalid', message: 'This value is not valid.' },
  tooLong: /*i18n*/ { id: 'validation.tooLong', message: 'This text is too long.' },
  rangeInverted: /*i18n*/ {
    id: 'validation.rangeInverted',
    message: 'The end date must not be before the start date.',
  },
  bidiControl: /*i18n*/ {
    id: 'validation.bidiControl',
    message: 'This text holds hidden characters that change its reading direction. Type it again.',
  },

  unknownError: /*i18n*/ { id: 'api.unknownError', message: 'An unknown error occurred.' },
  network: /*i18n*/ {
    id: 'api.network',
    message: 'No connection to the server. Try again when you are online.',
  },
  invalidRequest: /*i18n*/ { id: 'api.invalidRequest', message: 'The request is not valid.' },
  requestTooLarge: /*i18n*/ {
    id: 'api.requestTooLarge',
    message: 'The request is too large: send less at once.',
  },
  requestTooLong: /*i18n*/ {
    id: 'api.requestTooLong',
    message: "The request's address or headers are too long.",
  },
  badApp: /*i18n*/ { id: 'api.badApp', message: 'Unknown application.' },
  appTooOld: /*i18n*/ {
    id: 'api.appTooOld',
    message:
      'This version of the app is too old for this. Reload the app to update it (trials already finished are still sent).',
  },
  unauthorized: /*i18n*/ { id: 'api.unauthorized', message: 'Please sign in.' },
  forbidden: /*i18n*/ { id: 'api.forbidden', message: 'You are not allowed to do this.' },
  notFound: /*i18n*/ { id: 'api.notFound', message: 'Not found.' },
  notReady: /*i18n*/ {
    id: 'api.notReady',
    message: 'The server is starting or stopping. Please try again in a moment.',
  },
  diskFull: /*i18n*/ {
    id: 'api.diskFull',
    message: 'The server cannot store anything right now; nothing was lost. Try again in a minute.',
  },
  invalidCredentials: /*i18n*/ {
    id: 'auth.invalidCredentials',
    message: 'Wrong email or password.',
  },
  /**
   * A session ended on the server (signed out, revoked by an administrator, the password changed,
   * the user deleted): the PWA treats it as signed out (docs/behaviour.md#sessions).
   */
  sessionEnded: /*i18n*/ {
    id: 'auth.sessionEnded',
    message: 'Your session has ended. Please sign in again.',
  },
  tooManyAttempts: /*i18n*/ {
    id: 'auth.tooManyAttempts',
    message: 'Too many sign-in attempts. Try again in 15 minutes.',
  },
  resetMailSent: /*i18n*/ {
    id: 'auth.resetMailSent',
    message: 'If the address belongs to an account, a link to reset the password is on its way.',
  },
  passwordSet: /*i18n*/ { id: 'auth.passwordSet', message: 'Your password is set. Sign in.' },
  passwordChanged: /*i18n*/ { id: 'auth.passwordChanged', message: 'Your password is changed.' },
  wrongCurrentPassword: /*i18n*/ {
    id: 'auth.wrongCurrentPassword',
    message: 'The current password is wrong.',
  },
  tokenInvalid: /*i18n*/ {
    id: 'auth.tokenInvalid',
    message: 'This link is not valid or has expired. Ask for a new one.',
  },
  notAssignedToStore: /*i18n*/ {
    id: 'store.notAssigned',
    message: 'You are not assigned to a store. Please contact the administrator.',
  },
  storeNotFound: /*i18n*/ { id: 'store.notFound', message: 'Store not found' },
  checkedIn: /*i18n*/ { id: 'store.checkedIn', message: 'You are checked in.' },
  checkedOut: /*i18n*/ { id: 'store.checkedOut', message: 'You are checked out.' },
  managersOnly: /*i18n*/ {
    id: 'store.managersOnly',
    message: 'Only store managers check in to a store.',
  },

  trialSaved: /*i18n*/ { id: 'trial.saved', message: 'The trial is saved.' },
  trialSealBroken: /*i18n*/ {
    id: 'trial.sealBroken',
    message:
      "The trial's sealed contact data could not be opened: it was altered or sealed for another trial.",
  },
  trialSealKeyUnknown: /*i18n*/ {
    id: 'trial.sealKeyUnknown',
    message:
      "The trial's contact data is sealed to a key this server does not have. Please contact the administrator.",
  },
  idempotencyKeyInvalid: /*i18n*/ {
    id: 'idempotency.keyInvalid',
    message: 'The Idempotency-Key header must be a UUID.',
  },
  idempotencyInProgress: /*i18n*/ {
    id: 'idempotency.inProgress',
    message: 'This request is still being processed. Try again in a moment.',
  },
  idempotencyKeyReused: /*i18n*/ {
    id: 'idempotency.keyReused',
    message: 'This Idempotency-Key was already used for a different request.',
  },

  cannotDeleteSelf: /*i18n*/ {
    id: 'user.cannotDeleteSelf',
    message: 'You cannot delete your own account.',
  },
} as const

export type MessageKey = keyof typeof messages
/**
 * A message of the API: `messages`, or one of the groups only the administration's screens show,
 * kept in files of their own so that the sign-in page carries none of their words.
 */
export type Message =
  | (typeof messages)[MessageKey]
  | (typeof customerRightsMessages)[keyof typeof customerRightsMessages]
  | (typeof reviewMessages)[keyof typeof reviewMessages]
  | (typeof quarantineMessages)[keyof typeof quarantineMessages]
  | (typeof contentMessages)[keyof typeof contentMessages]
  | (typeof editionMessages)[keyof typeof editionMessages]
  | (typeof administrationMessages)[keyof typeof administrationMessages]
  | (typeof storeMessages)[keyof typeof storeMessages]
  | (typeof deviceActionMessages)[keyof typeof deviceActionMessages]
  | (typeof catalogueMessages)[keyof typeof catalogueMessages]
export type MessageId = Message['id']
