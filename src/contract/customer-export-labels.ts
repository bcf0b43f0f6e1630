import type { MessageDescriptor } from '@lingui/core'

/**
 * The words of a customer's export as a page (`GET /customer/{id}/export.html`), translated into
 * the request's `Language` by the server; the columns reports already name keep the reports'
 * words (`report-columns.ts`). The `/*i18n*\/` mark makes `lingui extract` collect them.
 */
export const customerExportWords = {
  title: /*i18n*/ { id: 'customerExport.title', message: 'Data held about a consumer' },
  exportedAt: /*i18n*/ { id: 'customerExport.exportedAt', message: 'Exported at' },
  customerId: /*i18n*/ { id: 'customerExport.customerId', message: 'Consumer number' },
  none: /*i18n*/ { id: 'customerExport.none', message: 'None' },
  othersLeftOut: /*i18n*/ {
    id: 'customerExport.othersLeftOut',
    message: "Other consumers' names and contacts are left out.",
  },
  profile: /*i18n*/ { id: 'customerExport.profile', message: 'Profile' },
  devices: /*i18n*/ { id: 'customerExport.devices', message: 'Devices' },
  orders: /*i18n*/ { id: 'customerExport.orders', message: 'Orders' },
  ecommerceStatuses: /*i18n*/ {
    id: 'customerExport.ecommerceStatuses',
    message: 'E-commerce statuses',
  },
  communications: /*i18n*/ { id: 'customerExport.communications', message: 'Communications' },
  serviceCases: /*i18n*/ { id: 'customerExport.serviceCases', message: 'Service cases' },
  reclamations: /*i18n*/ { id: 'customerExport.reclamations', message: 'Reclamations' },
  loyaltyActions: /*i18n*/ { id: 'customerExport.loyaltyActions', message: 'Loyalty actions' },
  visitNotes: /*i18n*/ { id: 'customerExport.visitNotes', message: 'Visit notes' },
  referrals: /*i18n*/ { id: 'customerExport.referrals', message: 'Referred consumers' },
  vouchers: /*i18n*/ { id: 'customerExport.vouchers', message: 'Vouchers' },
  voucherLog: /*i18n*/ { id: 'customerExport.voucherLog', message: 'Voucher log' },
  trials: /*i18n*/ { id: 'customerExport.trials', message: 'Trials' },
  trial: /*i18n*/ { id: 'customerExport.trial', message: 'Trial {id}' },
  name: /*i18n*/ { id: 'customerExport.name', message: 'Name' },
  phone: /*i18n*/ { id: 'customerExport.phone', message: 'Phone' },
  address: /*i18n*/ { id: 'customerExport.address', message: 'Address' },
  referralCode: /*i18n*/ { id: 'customerExport.referralCode', message: 'Referral code' },
  ffCode: /*i18n*/ { id: 'customerExport.ffCode', message: 'F&F code' },
  points: /*i18n*/ { id: 'customerExport.points', message: 'Points' },
  pointsSpent: /*i18n*/ { id: 'customerExport.pointsSpent', message: 'Points spent' },
  referredBy: /*i18n*/ { id: 'customerExport.referredBy', message: 'Referred by consumer' },
  registeredAt: /*i18n*/ { id: 'customerExport.registeredAt', message: 'Registered on' },
  serialNumber: /*i18n*/ { id: 'customerExport.serialNumber', message: 'Serial number' },
  color: /*i18n*/ { id: 'customerExport.color', message: 'Colour' },
  number: /*i18n*/ { id: 'customerExport.number', message: 'Number' },
  total: /*i18n*/ { id: 'customerExport.total', message: 'Total' },
  channel: /*i18n*/ { id: 'customerExport.channel', message: 'Channel' },
  subject: /*i18n*/ { id: 'customerExport.subject', message: 'Subject' },
  rule: /*i18n*/ { id: 'customerExport.rule', message: 'Rule' },
  item: /*i18n*/ { id: 'customerExport.item', message: 'Item' },
  receiptDate: /*i18n*/ { id: 'customerExport.receiptDate', message: 'Receipt date' },
  purchaseDate: /*i18n*/ { id: 'customerExport.purchaseDate', message: 'Purchase date' },
  description: /*i18n*/ { id: 'customerExport.description', message: 'Description' },
  verdict: /*i18n*/ { id: 'customerExport.verdict', message: 'Verdict' },
  diagnostics: /*i18n*/ { id: 'customerExport.diagnostics', message: 'Diagnostics' },
  remedy: /*i18n*/ { id: 'customerExport.remedy', message: 'Remedy' },
  capturedAt: /*i18n*/ { id: 'customerExport.capturedAt', message: 'Captured at' },
} satisfies Record<string, MessageDescriptor>
