/**
 * The messages of the quarantine (docs/api.md#quarantine), part of `messages` (messages.ts) but in
 * a file of their own: the tablet only reads their ids, and the administration's screens show
 * them, so the sign-in page's catalog (lingui.config.ts's `public`) leaves them out.
 */
export const quarantineMessages = {
  quarantineHeld: /*i18n*/ {
    id: 'quarantine.held',
    message: 'The server holds the refused trial until an admin decides on it.',
  },
  quarantineAccepted: /*i18n*/ {
    id: 'quarantine.accepted',
    message: 'The trial is accepted and stored.',
  },
  quarantineRejected: /*i18n*/ {
    id: 'quarantine.rejected',
    message: 'The refused trial is rejected; it is kept as it was received.',
  },
  quarantineDecided: /*i18n*/ {
    id: 'quarantine.decided',
    message: 'Someone else decided on this trial meanwhile. Here is what they decided.',
  },
} as const
