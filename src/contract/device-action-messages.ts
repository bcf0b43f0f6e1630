/**
 * The messages of the remote actions on tablets (docs/api.md#devices), part of `messages`
 * (messages.ts) but in a file of their own: only the administration's screens show them, so the
 * sign-in page's catalog (lingui.config.ts's `public`) leaves them out.
 */
export const deviceActionMessages = {
  deviceActionIssued: /*i18n*/ {
    id: 'device.actionIssued',
    message: 'The tablet gets it with its next heartbeat, within minutes when it is online.',
  },
  deviceActionCancelled: /*i18n*/ {
    id: 'device.actionCancelled',
    message: 'The action is cancelled: the tablet will not get it.',
  },
  deviceActionNotFound: /*i18n*/ {
    id: 'device.actionNotFound',
    message: 'The action is not known.',
  },
  deviceActionNotWaiting: /*i18n*/ {
    id: 'device.actionNotWaiting',
    message:
      'The action is no longer waiting (done, failed, expired or cancelled): nothing changed.',
  },
  deviceActionUserNotOnDevice: /*i18n*/ {
    id: 'device.actionUserNotOnDevice',
    message: 'This person has never signed in on this tablet.',
  },
} as const
