import type { MessageDescriptor } from '@lingui/core'
import { customerExportWords as words } from '#contract/customer-export-labels.ts'
import type { CustomerExport } from '#contract/customer-rights.ts'
import type { EditionLists } from '#contract/content-edition.ts'
import { intlTag, type Locale } from '#contract/locale.ts'
import {
  visitReasonLabels,
  voucherStatusLabels,
  voucherTypeLabels,
} from '#contract/record-labels.ts'
import { reportColumns } from '#contract/report-columns.ts'
import { trialReadings, type Translate } from '#contract/trial-reading.ts'
import type { Money } from '#contract/vouchers.ts'
import { escapeHtml } from '../../html.ts'
import { fields, pagePolicy, pageStyle, section, table, text, type Cell } from './export-html.ts'

type PageOptions = {
  locale: Locale
  timeZone: string
  t: Translate
  /** The lists of a content edition the trials name, read before (docs/api.md#content-editions). */
  editionLists: (edition: number) => EditionLists | undefined
}

/**
 * `GET /customer/:id/export.html`: the export as one page a person can read, in the request's
 * language, dates in the stores' time zone (docs/api.md#customers-rights). Stored keys without
 * words (an order's channel, a loyalty rule) are shown as stored.
 */
export function customerExportPage(
  data: CustomerExport,
  { locale, timeZone, t, editionLists }: PageOptions,
) {
  const dates = new Intl.DateTimeFormat(intlTag[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  })
  const when = (iso: string | null) => (iso === null ? null : dates.format(new Date(iso)))
  const money = (value: Money | null) => (value ? `${value.amount} ${value.currency}` : null)
  const w = (message: MessageDescriptor) => t(message)
  const none = w(words.none)
  const { profile } = data

  const voucherParts = data.vouchers.map((voucher) =>
    [
      `<h3>${text(voucher.code)}</h3>`,
      fields([
        [w(reportColumns.code), voucher.code],
        [w(reportColumns.type), w(voucherTypeLabels[voucher.type])],
        [w(reportColumns.value), money(voucher.value)],
        [w(reportColumns.status), w(voucherStatusLabels[voucher.status])],
        [w(reportColumns.expiresAt), when(voucher.expiresAt)],
        [w(reportColumns.usedAt), when(voucher.usedAt)],
      ]),
      `<h4>${text(w(words.voucherLog))}</h4>`,
      table(
        [
          w(reportColumns.date),
          w(reportColumns.type),
          w(reportColumns.customerEmail),
          w(reportColumns.expert),
          w(reportColumns.store),
        ],
        voucher.log.map((line) => [
          when(line.date),
          w(voucherTypeLabels[line.type]),
          line.customerEmail,
          line.expert,
          line.store,
        ]),
        none,
      ),
    ].join('\n'),
  )

  const trialParts = data.trials.map((trial) => {
    const lists = editionLists(trial.contentEdition)
    const cells = trialReadings.cells(trial.comment, trial.consents, t, lists && { lists, locale })
    const answers = trialReadings.headings.flatMap((heading, index): [string, Cell][] => {
      const cell = cells[index] ?? ''
      return cell === '' ? [] : [[t(heading.label), cell]]
    })
    return [
      `<h3>${text(t(words.trial, { id: trial.id }))}</h3>`,
      fields([
        [w(words.capturedAt), when(trial.capturedAt)],
        [w(reportColumns.receivedAt), when(trial.receivedAt)],
        [w(reportColumns.store), trial.store.name],
        [w(reportColumns.expert), trial.user.fullname],
        ...answers,
      ]),
    ].join('\n')
  })

  const sections = [
    section(
      w(words.profile),
      fields([
        [w(words.customerId), profile.id],
        [w(words.name), profile.fullname],
        [w(reportColumns.email), profile.email],
        [w(words.phone), profile.phone],
        [w(words.referralCode), profile.referralCode],
        [w(words.ffCode), profile.ffCode],
        [w(words.points), profile.points],
        [w(words.pointsSpent), profile.pointsSpent],
        [w(words.referredBy), profile.godfatherId],
        [w(words.registeredAt), when(profile.registeredAt)],
      ]),
    ),
    section(
      w(words.devices),
      table(
        [w(words.serialNumber), w(words.color), w(words.registeredAt)],
        data.devices.map((row) => [row.serialNumber, row.color, when(row.registeredAt)]),
        none,
      ),
    ),
    section(
      w(words.orders),
      table(
        [
          w(words.number),
          w(reportColumns.date),
          w(words.total),
          w(reportColumns.status),
          w(words.channel),
        ],
        data.orders.map((row) => [
          row.number,
          when(row.date),
          money(row.total),
          row.status,
          row.channel,
        ]),
        none,
      ),
    ),
    section(
      w(words.ecommerceStatuses),
      table(
        [w(reportColumns.status), w(reportColumns.date)],
        data.ecommerceStatuses.map((row) => [row.status, when(row.date)]),
        none,
      ),
    ),
    section(
      w(words.communications),
      table(
        [w(reportColumns.date), w(words.channel), w(words.subject)],
        data.communications.map((row) => [when(row.date), row.channel, row.subject]),
        none,
      ),
    ),
    section(
      w(words.serviceCases),
      table(
        [w(words.number), w(reportColumns.date), w(words.subject), w(reportColumns.status)],
        data.serviceCases.map((row) => [row.number, when(row.date), row.subject, row.status]),
        none,
      ),
    ),
    section(
      w(words.reclamations),
      table(
        [
          w(words.number),
          w(words.serialNumber),
          w(words.name),
          w(words.address),
          w(words.phone),
          w(reportColumns.email),
          w(words.receiptDate),
          w(words.item),
          w(words.purchaseDate),
          w(words.description),
          w(words.verdict),
          w(words.diagnostics),
          w(words.remedy),
        ],
        data.reclamations.map((row) => [
          row.registrationNumber,
          row.serialNumber,
          row.name,
          row.address,
          row.phone,
          row.email,
          row.receiptDate,
          row.item,
          row.purchaseDate,
          row.description,
          row.verdict,
          row.diagnostics,
          row.remedy.kind === 'replaced'
            ? `${row.remedy.kind} ${row.remedy.newSerialNumber}`
            : row.remedy.kind,
        ]),
        none,
      ),
    ),
    section(
      w(words.loyaltyActions),
      table(
        [w(reportColumns.date), w(words.rule), w(words.points)],
        data.loyaltyActions.map((row) => [when(row.date), row.rule, row.points]),
        none,
      ),
    ),
    section(
      w(words.visitNotes),
      table(
        [
          w(reportColumns.date),
          w(reportColumns.reason),
          w(reportColumns.comment),
          w(reportColumns.expert),
          w(reportColumns.store),
        ],
        data.visitNotes.map((row) => [
          when(row.createdAt),
          w(visitReasonLabels[row.reason]),
          row.comment,
          row.expert,
          row.store,
        ]),
        none,
      ),
    ),
    section(
      w(words.referrals),
      table(
        [
          w(words.customerId),
          w(words.registeredAt),
          w(reportColumns.code),
          w(reportColumns.status),
        ],
        data.referrals.map((row) => [
          row.customerId,
          when(row.registeredAt),
          row.voucher?.code ?? null,
          row.voucher ? w(voucherStatusLabels[row.voucher.status]) : null,
        ]),
        none,
      ),
    ),
    section(
      w(words.vouchers),
      voucherParts.length > 0 ? voucherParts.join('\n') : `<p>${text(none)}</p>`,
    ),
    section(
      w(words.trials),
      trialParts.length > 0 ? trialParts.join('\n') : `<p>${text(none)}</p>`,
    ),
  ]

  const title = w(words.title)
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(pagePolicy)}">
<meta name="referrer" content="no-referrer">
<title>${text(title)}: ${text(profile.fullname)}</title>
<style>${pageStyle}</style>
</head>
<body>
<h1>${text(title)}</h1>
${fields([
  [w(words.customerId), data.customerId],
  [w(words.exportedAt), when(data.exportedAt)],
])}
<p>${text(w(words.othersLeftOut))}</p>
${sections.join('\n')}
</body>
</html>
`
}
