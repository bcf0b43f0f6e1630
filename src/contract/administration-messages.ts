/**
 * The messages of the administration's acts on users, stores, devices and the audit log, part of
 * `messages` (messages.ts) but in a file of their own: only the administration's screens show
 * them, so the sign-in page's catalog (lingui.config.ts's `public`) leaves them out.
 */
export const administrationMessages = {
  userCreated: /*i18n*/ {
    id: 'user.created',
    message: 'The user is created. An invitation to set a password is on its way.',
  },
  userSaved: /*i18n*/ { id: 'user.saved', message: 'The user is saved.' },
  userDeleted: /*i18n*/ { id: 'user.deleted', message: 'The user is deleted.' },
  emailInUse: /*i18n*/ { id: 'user.emailInUse', message: 'This email is already in use.' },
  sessionRevoked: /*i18n*/ { id: 'user.sessionRevoked', message: 'The session is ended.' },
  storeForManagersOnly: /*i18n*/ {
    id: 'user.storeForManagersOnly',
    message: 'Only a manager has a store.',
  },
  storeCreated: /*i18n*/ { id: 'store.created', message: 'The store is created.' },
  storeSaved: /*i18n*/ { id: 'store.saved', message: 'The store is saved.' },
  storeDeleted: /*i18n*/ { id: 'store.deleted', message: 'The store is deleted.' },
  storeArchived: /*i18n*/ {
    id: 'store.archived',
    message: 'The store has history, so it is archived instead of deleted. Its history is kept.',
  },
  deviceRevoked: /*i18n*/ {
    id: 'device.revoked',
    message:
      'The device is revoked. Trials still on it wait for their authors to sign in on it again.',
  },
  auditCheckpointInvalid: /*i18n*/ {
    id: 'audit.checkpointInvalid',
    message: 'This is not a checkpoint of this audit log.',
  },
  deviceNotFound: /*i18n*/ { id: 'device.notFound', message: 'The device is not known.' },
} as const
