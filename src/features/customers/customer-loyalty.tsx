import { Trans, useLingui } from '@lingui/react/macro'
import type { Customer } from '../../contract/customers.ts'
import { useFormat } from '../../ui/use-format.ts'
import { loyaltyRuleLabels } from './customer-labels.ts'
import { newestFirst, summarizeLoyalty } from './customer-lists.ts'
import { Detail, RecordSection, RecordTable } from '../../ui/record-table.tsx'
import styles from '../../ui/records.module.css'

/** The loyalty tab: points, points spent, and the loyalty actions by earning rule. */
export function CustomerLoyalty({ customer }: { customer: Customer }) {
  const { i18n } = useLingui()
  const format = useFormat()
  const actions = customer.loyaltyActions
  const summary = summarizeLoyalty(actions)
  return (
    <>
      <RecordSection id="points-heading" title={<Trans>Points</Trans>}>
        <dl className={styles.details}>
          <Detail label={<Trans>Points</Trans>}>{format.number(customer.points)}</Detail>
          <Detail label={<Trans>Points spent</Trans>}>{format.number(customer.pointsSpent)}</Detail>
        </dl>
      </RecordSection>
      <RecordSection id="rules-heading" title={<Trans>Points by earning rule</Trans>}>
        {actions.length === 0 ? (
          <p className={styles.empty}>
            <Trans>No loyalty actions yet.</Trans>
          </p>
        ) : (
          <RecordTable
            labelledBy="rules-heading"
            rows={summary}
            rowKey={(row) => row.rule}
            empty={null}
            columns={[
              {
                header: <Trans>Earning rule</Trans>,
                cell: (row) => i18n._(loyaltyRuleLabels[row.rule]),
                rowHeader: true,
              },
              {
                header: <Trans>Actions</Trans>,
                cell: (row) => format.number(row.count),
                numeric: true,
              },
              {
                header: <Trans>Points</Trans>,
                cell: (row) => format.number(row.points),
                numeric: true,
              },
              {
                header: <Trans>Last earned</Trans>,
                cell: (row) => (row.lastDate ? format.date(row.lastDate) : '—'),
              },
            ]}
          />
        )}
      </RecordSection>
      <RecordSection id="actions-heading" title={<Trans>Loyalty actions</Trans>}>
        <RecordTable
          labelledBy="actions-heading"
          rows={newestFirst(actions, (action) => action.date)}
          rowKey={(action) => action.id}
          empty={<Trans>No loyalty actions yet.</Trans>}
          columns={[
            { header: <Trans>Date</Trans>, cell: (action) => format.date(action.date) },
            {
              header: <Trans>Earning rule</Trans>,
              cell: (action) => i18n._(loyaltyRuleLabels[action.rule]),
            },
            {
              header: <Trans>Points</Trans>,
              cell: (action) => format.number(action.points),
              numeric: true,
            },
          ]}
        />
      </RecordSection>
    </>
  )
}
