import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { rejectionReasonLabels } from '../../contract/decision-labels.ts'
import { rejectionReasons, type RejectionReason } from '../../contract/review.ts'
import type { Trial } from '../../contract/trial.ts'
import { Button } from '../../ui/button.tsx'
import { ReasonFields, useReason } from './reason-fields.tsx'
import { isStale, useReviewTrial } from './review-queries.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * Accept or Reject (docs/api.md#review): a rejection needs a reason, and "Other" a comment. Sent
 * with the trial's latest revision; when someone else's came first (409), the screen reads the
 * trial again and this form keeps what was typed, to decide again.
 */
export function DecisionForm({ trial }: { trial: Pick<Trial, 'id' | 'revision' | 'review'> }) {
  const { t } = useLingui()
  const headingId = useId()
  const why = useReason<RejectionReason>()
  const decide = useReviewTrial()
  const stale = isStale(decide.error)

  function reject() {
    const chosen = why.chosen()
    if (chosen === null) return
    decide.mutate(
      { id: trial.id, revision: trial.revision, state: 'rejected', ...chosen },
      { onSuccess: why.reset },
    )
  }

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Decide</Trans>
      </h2>
      <form className={styles.adminForm} noValidate onSubmit={(event) => event.preventDefault()}>
        {stale && (
          <p role="alert" className={styles.alert}>
            {decide.error?.message}
          </p>
        )}
        <ReasonFields
          state={why}
          reasons={rejectionReasons}
          labels={rejectionReasonLabels}
          label={t`Reason to reject`}
          commentLabel={t`Comment`}
        />
        <div className={styles.actions}>
          <Button
            variant="secondary"
            loading={decide.isPending && decide.variables?.state === 'accepted'}
            disabled={decide.isPending || trial.review.state === 'accepted'}
            onClick={() =>
              decide.mutate(
                { id: trial.id, revision: trial.revision, state: 'accepted', comment: why.comment },
                { onSuccess: why.reset },
              )
            }
          >
            <Trans>Accept</Trans>
          </Button>
          <Button
            variant="danger"
            loading={decide.isPending && decide.variables?.state === 'rejected'}
            disabled={decide.isPending}
            onClick={reject}
          >
            <Trans>Reject</Trans>
          </Button>
        </div>
      </form>
    </section>
  )
}
