import { editionSchema } from '../content-edition.ts'
import { editionMessages } from '../edition-messages.ts'
import { contentMessages } from '../content-messages.ts'
import {
  contentCreateBodySchema,
  contentDeletedSchema,
  contentIdBodySchema,
  contentPublishBodySchema,
  contentSearchQuerySchema,
  contentUpdateBodySchema,
  editionListSchema,
} from '../content-requests.ts'
import { administration } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

// The administration's calls on the content editions (docs/api.md#content-editions): admins
// make, edit and publish them. Only the administration's screens load this file.

export const contentSearch = endpoint({
  method: 'GET',
  path: '/content/search',
  summary: 'The editions, newest first, 20 a page, with who published each and when.',
  policy: { allow: administration },
  query: contentSearchQuerySchema,
  answer: editionListSchema,
})

export const contentCreate = endpoint({
  method: 'POST',
  path: '/content/create',
  summary:
    'A new draft, copied from `from` or from the edition in use; audited as `content.create`.',
  policy: { allow: administration },
  body: contentCreateBodySchema,
  answer: editionSchema,
  status: 201,
  idempotent: true,
  errors: { 404: [editionMessages.contentNotFound] },
})

export const contentUpdate = endpoint({
  method: 'POST',
  path: '/content/update',
  summary:
    "Replaces a draft's lists, consents and auto-tick (`If-Match`: 412 when someone saved it since); audited as `content.update`.",
  policy: { allow: administration },
  body: contentUpdateBodySchema,
  answer: editionSchema,
  conditional: 'write',
  idempotent: true,
  errors: {
    400: [
      contentMessages.contentKeyInvalid,
      contentMessages.contentKeyDuplicate,
      contentMessages.contentKeyRemoved,
      contentMessages.contentKeyStructural,
      contentMessages.contentOtherLast,
      contentMessages.contentSwatchInvalid,
    ],
    404: [editionMessages.contentNotFound],
    409: [contentMessages.contentNotDraft],
    412: [contentMessages.contentStale],
  },
})

export const contentPublish = endpoint({
  method: 'POST',
  path: '/content/publish',
  summary:
    'Publishes a draft now, or at `at` when it is in the future (scheduled); audited as `content.publish`.',
  policy: { allow: administration },
  body: contentPublishBodySchema,
  answer: editionSchema,
  idempotent: true,
  errors: {
    400: [contentMessages.contentKeyRemoved],
    404: [editionMessages.contentNotFound],
    409: [contentMessages.contentNotDraft],
  },
})

export const contentCancel = endpoint({
  method: 'POST',
  path: '/content/cancel',
  summary: 'A scheduled edition back to a draft; audited as `content.cancel`.',
  policy: { allow: administration },
  body: contentIdBodySchema,
  answer: editionSchema,
  idempotent: true,
  errors: {
    404: [editionMessages.contentNotFound],
    409: [contentMessages.contentNotScheduled],
  },
})

export const contentDelete = endpoint({
  method: 'POST',
  path: '/content/delete',
  summary:
    'Deletes a draft (never an edition that was scheduled or published); audited as `content.delete`.',
  policy: { allow: administration },
  body: contentIdBodySchema,
  answer: contentDeletedSchema,
  idempotent: true,
  errors: {
    404: [editionMessages.contentNotFound],
    409: [contentMessages.contentNotDraft],
  },
})
