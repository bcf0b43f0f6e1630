import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { rejectionReasonLabels } from '../../contract/decision-labels.ts'
import { rejectionReasons, type RejectionReason } from '../../contract/review.ts'
import { Button } from '../../ui/button.tsx'
import { isDecided, useRejectQuarantined } from './quarantine-queries.ts'
import { ReasonFields, useReason } from './reason-fields.tsx'
import styles from '../../ui/admin/admin.module.css'

/**
 * Reject a quarantined trial for good, with a review's rejection reason ("Other" needs a comment);
 * it stays as received, and its author's tablet reads the reason.
 */
export function QuarantineRejectForm({ id }: { id: number }) {
  const { t } = useLingui()
  const headingId = useId()
  const why = useReason<RejectionReason>()
  const reject = useRejectQuarantined()
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Reject</Trans>
      </h2>
      <form
        className={styles.adminForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const chosen = why.chosen()
          if (chosen !== null) reject.mutate({ id, ...chosen })
        }}
      >
        {reject.error && (
          <p role="alert" className={styles.alert}>
            {reject.error.message}
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
            type="submit"
            variant="danger"
            loading={reject.isPending}
            disabled={isDecided(reject.error)}
          >
            <Trans>Reject the trial</Trans>
          </Button>
        </div>
      </form>
    </section>
  )
}
