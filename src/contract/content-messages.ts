/**
 * The messages of the content editions (docs/api.md#content-editions), part of `messages`
 * (messages.ts) but in a file of their own: only the administration's screens show them, so the
 * sign-in page's and the tablet's catalogs leave them out.
 */
export const contentMessages = {
  contentDraftCreated: /*i18n*/ {
    id: 'content.draftCreated',
    message: 'A new draft is made; nothing changes on the tablets until it is published.',
  },
  contentDraftSaved: /*i18n*/ { id: 'content.draftSaved', message: 'The draft is saved.' },
  contentPublished: /*i18n*/ {
    id: 'content.published',
    message: 'The edition is published: tablets take it the next time they are online.',
  },
  contentScheduled: /*i18n*/ {
    id: 'content.scheduled',
    message: 'The edition will be published at the time set.',
  },
  contentCancelled: /*i18n*/ {
    id: 'content.cancelled',
    message: 'The publication is cancelled: the edition is a draft again.',
  },
  contentDeleted: /*i18n*/ { id: 'content.deleted', message: 'The draft is deleted.' },
  contentNotDraft: /*i18n*/ {
    id: 'content.notDraft',
    message: 'Only a draft can be changed, published or deleted; this edition is not one any more.',
  },
  contentNotScheduled: /*i18n*/ {
    id: 'content.notScheduled',
    message: 'This edition is not waiting to be published any more.',
  },
  contentStale: /*i18n*/ {
    id: 'content.stale',
    message:
      'Someone else saved this draft meanwhile. Open it again to see their changes, then make yours.',
  },
  contentKeyInvalid: /*i18n*/ {
    id: 'content.keyInvalid',
    message:
      "A new answer's key is up to 40 lower-case letters, digits and dashes, starting with a letter or a digit.",
  },
  contentKeyDuplicate: /*i18n*/ {
    id: 'content.keyDuplicate',
    message: 'This key is already in the list: keys are never reused.',
  },
  contentKeyRemoved: /*i18n*/ {
    id: 'content.keyRemoved',
    message: 'A published answer stays in its list: retire it instead of removing it.',
  },
  contentKeyStructural: /*i18n*/ {
    id: 'content.keyStructural',
    message: 'This answer steers the wizard: it can be relabelled, never retired.',
  },
  contentOtherLast: /*i18n*/ {
    id: 'content.otherLast',
    message: '"Other" stays the last answer of its list.',
  },
  contentSwatchInvalid: /*i18n*/ {
    id: 'content.swatchInvalid',
    message: 'A colour is # followed by 3 or 6 hexadecimal digits, such as #c9a878.',
  },
} as const
