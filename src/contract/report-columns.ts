import type { MessageDescriptor } from '@lingui/core'

/**
 * The header cells of the reports of `POST /report/generate`, translated into the request's
 * `Language` by the server; the trials report's answer columns are its questions'
 * (`src/contract/trial-reading.ts`). The `/*i18n*\/` mark makes `lingui extract` collect them.
 */
export const reportColumns = {
  id: /*i18n*/ { id: 'report.column.id', message: 'Id' },
  date: /*i18n*/ { id: 'report.column.date', message: 'Date' },
  store: /*i18n*/ { id: 'report.column.store', message: 'Store' },
  expert: /*i18n*/ { id: 'report.column.expert', message: 'Expert' },
  kind: /*i18n*/ { id: 'report.column.kind', message: 'Kind' },
  email: /*i18n*/ { id: 'report.column.email', message: 'Email' },
  comment: /*i18n*/ { id: 'report.column.comment', message: 'Comment' },
  manager: /*i18n*/ { id: 'report.column.manager', message: 'Manager' },
  login: /*i18n*/ { id: 'report.column.login', message: 'Login' },
  logout: /*i18n*/ { id: 'report.column.logout', message: 'Logout' },
  totalMinutes: /*i18n*/ { id: 'report.column.totalMinutes', message: 'Total minutes' },
  inputs: /*i18n*/ { id: 'report.column.inputs', message: 'Inputs' },
  code: /*i18n*/ { id: 'report.column.code', message: 'Code' },
  type: /*i18n*/ { id: 'report.column.type', message: 'Type' },
  status: /*i18n*/ { id: 'report.column.status', message: 'Status' },
  value: /*i18n*/ { id: 'report.column.value', message: 'Value' },
  createdAt: /*i18n*/ { id: 'report.column.createdAt', message: 'Created at' },
  expiresAt: /*i18n*/ { id: 'report.column.expiresAt', message: 'Expires at' },
  usedAt: /*i18n*/ { id: 'report.column.usedAt', message: 'Used at' },
  customer: /*i18n*/ { id: 'report.column.customer', message: 'Customer' },
  customerEmail: /*i18n*/ { id: 'report.column.customerEmail', message: 'Customer email' },
  reason: /*i18n*/ { id: 'report.column.reason', message: 'Reason' },
  receivedAt: /*i18n*/ { id: 'report.column.receivedAt', message: 'Received at' },
  appVersion: /*i18n*/ { id: 'report.column.appVersion', message: 'App version' },
  captureMarks: /*i18n*/ { id: 'report.column.captureMarks', message: 'Capture time marks' },
  review: /*i18n*/ { id: 'report.column.review', message: 'Review' },
  revision: /*i18n*/ { id: 'report.column.revision', message: 'Revision (1: as received)' },
  contentEdition: /*i18n*/ { id: 'report.column.contentEdition', message: 'Content edition' },
  possibleDuplicateOf: /*i18n*/ {
    id: 'report.column.possibleDuplicateOf',
    message: 'Possible duplicate of',
  },
} satisfies Record<string, MessageDescriptor>

export type ReportColumn = keyof typeof reportColumns

/** Words that appear inside report cells. */
export const reportWords = {
  guided: /*i18n*/ { id: 'report.value.guided', message: 'guided' },
  simple: /*i18n*/ { id: 'report.value.simple', message: 'simple' },
  // A consent's box as the trial recorded it (docs/behaviour.md#consents): who set it, never
  // "yes" for a box the app ticked.
  consentTickedByPerson: /*i18n*/ {
    id: 'report.value.consentTickedByPerson',
    message: 'ticked by the person',
  },
  consentUntickedByPerson: /*i18n*/ {
    id: 'report.value.consentUntickedByPerson',
    message: 'left unticked by the person',
  },
  consentTickedByApp: /*i18n*/ {
    id: 'report.value.consentTickedByApp',
    message: 'ticked by the app',
  },
  consentNotTickedByApp: /*i18n*/ {
    id: 'report.value.consentNotTickedByApp',
    message: 'not ticked by the app',
  },
  consentTickedUnrecorded: /*i18n*/ {
    id: 'report.value.consentTickedUnrecorded',
    message: 'ticked, by whom not recorded',
  },
  consentUntickedUnrecorded: /*i18n*/ {
    id: 'report.value.consentUntickedUnrecorded',
    message: 'not ticked, by whom not recorded',
  },
  consentText: /*i18n*/ { id: 'report.value.consentText', message: 'consent text {textId}' },
} satisfies Record<string, MessageDescriptor>
