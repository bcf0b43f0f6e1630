import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { Button } from '../../ui/button.tsx'
import { DateTime } from '../../ui/date-time.tsx'
import type { CustomerTrial } from '../../contract/customers.ts'
import { AnswerLines } from '../../ui/answer-lines.tsx'
import { useTrialWords } from '../../ui/edition-words.ts'
import { customerTrialsQueryOptions } from './customer-queries.ts'
import { trialAnswerLines } from './trial-answers.ts'
import { RecordSection, RecordTable } from '../../ui/record-table.tsx'
import styles from '../../ui/records.module.css'

/**
 * The trials tab: this customer's free guided trials, matched by email or phone, each with its
 * answers behind a disclosure, read as the trial's page reads them: in the words of the trial's
 * own content edition.
 */
export function CustomerTrials({ customerId }: { customerId: number }) {
  const { t } = useLingui()
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
            cell: (trial) => <Purchase trial={trial} />,
          },
          {
            header: <Trans>Answers</Trans>,
            cell: (trial) => <AnswersDisclosure trial={trial} />,
            // On a card, across its whole width at the foot, where the open answers have room.
            actions: true,
          },
        ]}
      />
    </RecordSection>
  )
}

/** Whether the customer bought, in the words of the trial's edition. */
function Purchase({ trial }: { trial: CustomerTrial }) {
  const { words } = useTrialWords(trial.contentEdition)
  return trial.shopping ? words.key('shoppingAnswers', trial.shopping) : '—'
}

/** A trial's answers, closed until asked for: a row stays one line until then. */
function AnswersDisclosure({ trial }: { trial: CustomerTrial }) {
  const { words, edition } = useTrialWords(trial.contentEdition)
  const lines = trialAnswerLines(trial.answers, words.t, { edition })
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
