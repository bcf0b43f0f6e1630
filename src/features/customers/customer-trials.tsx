import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { Button } from '../../ui/button.tsx'
import { DateTime } from '../../ui/date-time.tsx'
import { wordsIn, type AnswerLine } from '../../contract/trial-reading.ts'
import { AnswerLines } from '../../ui/answer-lines.tsx'
import { customerTrialsQueryOptions } from './customer-queries.ts'
import { trialAnswerLines } from './trial-answers.ts'
import { RecordSection, RecordTable } from '../../ui/record-table.tsx'
import styles from '../../ui/records.module.css'

/**
 * The trials tab: this customer's free guided trials, matched by email or phone, each with its
 * answers behind a disclosure, read as the trial's page reads them.
 */
export function CustomerTrials({ customerId }: { customerId: number }) {
  const { t, i18n } = useLingui()
  // In the words the trial's page and the trials report use for the same answer.
  const words = wordsIn(i18n._.bind(i18n))
  const trials = useSuspenseInfiniteQuery(customerTrialsQueryOptions(customerId))
  const rows = trials.data.pages.flatMap((page) => page.rows)
  const count = trials.data.pages[0]?.count ?? 0
  return (
    <RecordSection
      id="trials-heading"
      title={<Trans>Free guided trials</Trans>}
      actions={
        trials.hasNextPage && (
          <Button
            variant="secondary"
            loading={trials.isFetchingNextPage}
            onClick={() => void trials.fetchNextPage()}
          >
            <Trans>Load more</Trans>
          </Button>
        )
      }
    >
      {count > 0 && (
        <p className={styles.muted}>
          {t({ message: plural(count, { one: '# trial', other: '# trials' }) })}
        </p>
      )}
      <RecordTable
        labelledBy="trials-heading"
        rows={rows}
        rowKey={(trial) => trial.id}
        empty={<Trans>This consumer has taken no free guided trial yet.</Trans>}
        columns={[
          {
            header: <Trans>Date</Trans>,
            cell: (trial) => <DateTime value={trial.capturedAt} />,
            rowHeader: true,
          },
          { header: <Trans>Store</Trans>, cell: (trial) => trial.store },
          { header: <Trans>Brand expert</Trans>, cell: (trial) => trial.expert },
          {
            header: <Trans>Purchase</Trans>,
            cell: (trial) => (trial.shopping ? words.key('shoppingAnswers', trial.shopping) : '—'),
          },
          {
            header: <Trans>Answers</Trans>,
            cell: (trial) => <AnswersDisclosure lines={trialAnswerLines(trial.answers, words.t)} />,
            // On a card, across its whole width at the foot, where the open answers have room.
            actions: true,
          },
        ]}
      />
    </RecordSection>
  )
}

/** A trial's answers, closed until asked for: a row stays one line until then. */
function AnswersDisclosure({ lines }: { lines: readonly AnswerLine[] }) {
  if (lines.length === 0) return '—'
  return (
    <details>
      <summary>
        <Trans>Show answers</Trans>
      </summary>
      <AnswerLines lines={lines} />
    </details>
  )
}
