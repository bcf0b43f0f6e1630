/**
 * The messages of the review of trials (docs/api.md#review), part of `messages` (messages.ts) but
 * in a file of their own: only the administration's screens show them, so the sign-in page's
 * catalog (lingui.config.ts's `public`) leaves them out.
 */
export const reviewMessages = {
  trialRevisionStale: /*i18n*/ {
    id: 'trial.revisionStale',
    message: 'Someone else changed this trial meanwhile. Here is its new state: decide again.',
  },
  trialReviewed: /*i18n*/ { id: 'trial.reviewed', message: 'The decision is saved.' },
  trialCorrected: /*i18n*/ {
    id: 'trial.corrected',
    message: 'The correction is saved as a new revision; the trial as received is kept.',
  },
} as const
