import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { EditionTexts } from '../../contract/content-edition.ts'
import { useLocaleNames } from './answer-list.tsx'
import type { DraftAnswer } from './draft-edits.ts'
import { editionDiff, isUnchanged, type EditionContent, type TextChange } from './edition-diff.ts'
import { useListTitles } from './list-titles.ts'
import styles from './content-admin.module.css'

interface Row {
  what: ReactNode
  before: ReactNode
  after: ReactNode
}

/**
 * The draft beside the edition in use, change by change (src/features/content-admin/edition-diff.ts):
 * a table per list that changes, the consents' texts, the auto-tick.
 */
export function EditionComparison({
  inUse,
  draft,
}: {
  inUse: EditionContent
  draft: EditionContent
}) {
  const { t } = useLingui()
  const titles = useListTitles()
  const names = useLocaleNames()
  const diff = editionDiff(inUse, draft)
  if (isUnchanged(diff))
    return (
      <p>
        <Trans>This draft is the same as the edition in use.</Trans>
      </p>
    )
  const labels = (texts: EditionTexts) => `${texts.en} / ${texts.me} / ${texts.sr}`
  const name = (answer: DraftAnswer) => `${answer.labels.en} (${answer.key})`
  const textRows = (what: string, changes: readonly TextChange[]): Row[] =>
    changes.map((change) => ({
      what: `${what}: ${names[change.locale]}`,
      before: change.from,
      after: change.to,
    }))
  const tables: { caption: string; rows: Row[] }[] = diff.lists.map((list) => ({
    caption: titles.list(list.list),
    rows: [
      ...list.added.map(({ key, labels: added }) => ({
        what: t`Added: ${key}`,
        before: '—',
        after: labels(added),
      })),
      ...list.retired.map((answer) => ({
        what: name(answer),
        before: t`Offered`,
        after: t`Retired`,
      })),
      ...list.reactivated.map((answer) => ({
        what: name(answer),
        before: t`Retired`,
        after: t`Offered`,
      })),
      ...list.relabelled.flatMap(({ answer, changes }) => textRows(answer.key, changes)),
      ...list.swatches.map(({ answer: { key }, from, to }) => ({
        what: t`Swatch of ${key}`,
        before: from,
        after: to,
      })),
      ...(list.reordered ? [{ what: t`Order`, before: t`As in use`, after: t`Changed` }] : []),
    ],
  }))
  const consentRows = diff.consents.flatMap(({ consent, changes }) =>
    textRows(titles.consent(consent), changes),
  )
  if (consentRows.length > 0) tables.push({ caption: t`Consents`, rows: consentRows })
  if (diff.autoTick)
    tables.push({
      caption: t`Consents' auto-tick`,
      rows: [
        {
          what: t`A valid email or phone ticks both consents`,
          before: diff.autoTick.from ? t`Yes` : t`No`,
          after: diff.autoTick.to ? t`Yes` : t`No`,
        },
      ],
    })
  return (
    <>
      {tables.map((table) => (
        <table key={table.caption} className={styles.comparison}>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Change</Trans>
              </th>
              <th scope="col">
                <Trans>In use</Trans>
              </th>
              <th scope="col">
                <Trans>This draft</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, index) => (
              <tr key={index}>
                <th scope="row">{row.what}</th>
                <td>{row.before}</td>
                <td>{row.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </>
  )
}
