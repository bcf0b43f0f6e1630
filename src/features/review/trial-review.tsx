import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { allStoresQueryOptions } from '../../api/store-queries.ts'
import { rejectionReasonLabels } from '../../contract/decision-labels.ts'
import { reviewStateLabels } from '../../contract/review-labels.ts'
import type { TrialDetail } from '../../contract/trial.ts'
import { Detail, RecordSection } from '../../ui/record-table.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { correctableTexts, textKey } from './correction.ts'
import { CorrectionForm } from './correction-form.tsx'
import { DecisionForm } from './decision-form.tsx'
import { reviewListFlagLabels } from './flag-labels.ts'
import { RevisionHistory } from './revision-history.tsx'
import { useTextLabel } from './text-label.ts'
import { flagsOf } from './trial-flags.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * The review of a trial on its page (/surveys/{id}, administration only): its state and flags,
 * the decision and the correction, the history, and the trial as received once corrected.
 */
export function TrialReview({ trial }: { trial: TrialDetail }) {
  return (
    <>
      <ReviewState trial={trial} />
      <DecisionForm trial={trial} />
      <CorrectionForm trial={trial} />
      <RevisionHistory trial={trial} />
      {trial.original !== null && <OriginalTrial original={trial.original} />}
    </>
  )
}

/** The review's state: accepted or rejected (why, by whom, when), and what the server flagged. */
function ReviewState({ trial }: { trial: TrialDetail }) {
  const { i18n } = useLingui()
  const format = useFormat()
  const { review } = trial
  const flags = flagsOf(trial)
  return (
    <RecordSection id="trial-review-heading" title={<Trans>Review</Trans>}>
      <dl className={styles.details}>
        <Detail label={<Trans>Review state</Trans>}>
          {i18n._(reviewStateLabels[review.state])}
          {review.reason && `: ${i18n._(rejectionReasonLabels[review.reason])}`}
        </Detail>
        {review.comment && (
          <Detail label={<Trans>Comment</Trans>} className={styles.preWrap}>
            {review.comment}
          </Detail>
        )}
        {review.by && review.at && (
          <Detail label={<Trans>Decided</Trans>}>
            {format.dateTime(review.at)}, {review.by.fullname}
          </Detail>
        )}
        <Detail label={<Trans>Flags</Trans>}>
          {flags.length === 0 ? (
            <Trans>None</Trans>
          ) : (
            flags.map((flag) => i18n._(reviewListFlagLabels[flag])).join('; ')
          )}
        </Detail>
        <Detail label={<Trans>Revision</Trans>}>{trial.revision}</Detail>
      </dl>
    </RecordSection>
  )
}

/** The trial as received, kept unchanged: its store and the texts a correction may have changed. */
function OriginalTrial({ original }: { original: NonNullable<TrialDetail['original']> }) {
  const { t } = useLingui()
  const textLabel = useTextLabel()
  const stores = useQuery(allStoresQueryOptions())
  const id = original.storeId
  const store = stores.data?.find((one) => one.id === id)?.name ?? t`Store #${id}`
  return (
    <RecordSection id="trial-original-heading" title={<Trans>As received</Trans>}>
      <dl className={styles.details}>
        <Detail label={<Trans>Store</Trans>}>{store}</Detail>
        {correctableTexts(original.comment).map((text) => (
          <Detail key={textKey(text)} label={textLabel(text.path)} className={styles.preWrap}>
            {text.value}
          </Detail>
        ))}
      </dl>
    </RecordSection>
  )
}
