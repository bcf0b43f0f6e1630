import type { MessageDescriptor } from '@lingui/core'

/**
 * The header cells of the reports of `POST /report/generate`, translated into the request's
 * `Language` by the server. The `/*i18n*\/` mark makes `lingui extract` collect them.
 */
export const reportColumns = {
  id: /*i18n*/ { id: 'report.column.id', message: 'Id' },
  date: /*i18n*/ { id: 'report.column.date', message: 'Date' },
  store: /*i18n*/ { id: 'report.column.store', message: 'Store' },
  expert: /*i18n*/ { id: 'report.column.expert', message: 'Expert' },
  kind: /*i18n*/ { id: 'report.column.kind', message: 'Kind' },
  gender: /*i18n*/ { id: 'report.column.gender', message: 'Gender' },
  ageRange: /*i18n*/ { id: 'report.column.ageRange', message: 'Age range' },
  habits: /*i18n*/ { id: 'report.column.habits', message: 'Habits' },
  htsPack: /*i18n*/ { id: 'report.column.htsPack', message: 'HTS pack' },
  rmcPack: /*i18n*/ { id: 'report.column.rmcPack', message: 'RMC pack' },
  consumption: /*i18n*/ { id: 'report.column.consumption', message: 'Consumption' },
  referralSources: /*i18n*/ { id: 'report.column.referralSources', message: 'Referral sources' },
  email: /*i18n*/ { id: 'report.column.email', message: 'Email' },
  phone: /*i18n*/ { id: 'report.column.phone', message: 'Phone' },
  privacyPolicy: /*i18n*/ { id: 'report.column.privacyPolicy', message: 'Privacy policy' },
  analyseData: /*i18n*/ { id: 'report.column.analyseData', message: 'Analyse data' },
  sticksInOrder: /*i18n*/ { id: 'report.column.sticksInOrder', message: 'Sticks in order' },
  stickImpressions: /*i18n*/ { id: 'report.column.stickImpressions', message: 'Stick impressions' },
  stickComments: /*i18n*/ { id: 'report.column.stickComments', message: 'Stick comments' },
  device: /*i18n*/ { id: 'report.column.device', message: 'Device' },
  deviceImpressions: /*i18n*/ {
    id: 'report.column.deviceImpressions',
    message: 'Device impressions',
  },
  shopping: /*i18n*/ { id: 'report.column.shopping', message: 'Shopping' },
  purchaseReasons: /*i18n*/ { id: 'report.column.purchaseReasons', message: 'Purchase reasons' },
  purchasedDevice: /*i18n*/ { id: 'report.column.purchasedDevice', message: 'Purchased device' },
  purchasedSticks: /*i18n*/ { id: 'report.column.purchasedSticks', message: 'Purchased sticks' },
  noPurchaseReasons: /*i18n*/ {
    id: 'report.column.noPurchaseReasons',
    message: 'No purchase reasons',
  },
  noPurchaseComment: /*i18n*/ {
    id: 'report.column.noPurchaseComment',
    message: 'No purchase comment',
  },
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
  other: /*i18n*/ { id: 'report.value.other', message: 'other: {text}' },
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
