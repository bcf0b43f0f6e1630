/**
 * The words of the mails the server sends (server/mail/templates.ts): in a file of their own, which
 * no screen shows, so that no catalog the PWA loads carries them (lingui.config.ts's
 * `serverOnlySources`); the server reads them from the whole catalog.
 */
export const mailMessages = {
  mailGreeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  mailResetSubject: /*i18n*/ {
    id: 'mail.reset.subject',
    message: 'Reset your Brand Expert password',
  },
  mailResetIntro: /*i18n*/ {
    id: 'mail.reset.intro',
    message:
      'Someone asked to reset the password of your Brand Expert account. Open this link within an hour to choose a new password:',
  },
  mailResetAction: /*i18n*/ { id: 'mail.reset.action', message: 'Choose a new password' },
  mailResetIgnore: /*i18n*/ {
    id: 'mail.reset.ignore',
    message: 'If it was not you, ignore this message: your password stays as it is.',
  },
  mailInviteSubject: /*i18n*/ {
    id: 'mail.invite.subject',
    message: 'Your Brand Expert account',
  },
  mailInviteIntro: /*i18n*/ {
    id: 'mail.invite.intro',
    message:
      'An account of the Brand Expert app was made for you. Open this link within a week to choose your password:',
  },
  mailInviteAction: /*i18n*/ { id: 'mail.invite.action', message: 'Choose your password' },
} as const
