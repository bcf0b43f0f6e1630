/**
 * The messages of reading a content edition (docs/api.md#content-editions), part of `messages`
 * (messages.ts) but in a file of their own: every role may meet them, after sign-in only, so the
 * sign-in page's catalog leaves them out. The administration's are in content-messages.ts.
 */
export const editionMessages = {
  contentNotFound: /*i18n*/ { id: 'content.notFound', message: 'The edition is not known.' },
} as const
