import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { QuarantinedDetail } from '../../contract/quarantine-requests.ts'
import { Detail, RecordSection } from '../../ui/record-table.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { QuarantineAcceptForm } from './quarantine-accept-form.tsx'
import { QuarantineRejectForm } from './quarantine-reject-form.tsx'
import { reasonLabel, quarantineStateLabels } from './review-words.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * A quarantined trial's page (/quarantine/{id}): who sent it from which tablet and why the server
 * refused it, the decision (or, while it waits, the forms to make it), and the trial exactly as
 * the tablet sent it.
 */
export function QuarantinedTrial({ item }: { item: QuarantinedDetail }) {
  return (
    <>
      <QuarantinedFacts item={item} />
      {item.state === 'waiting' && (
        <>
          {item.opened === null ? (
            <p role="note" className={styles.notice}>
              <Trans>
                The customer's contact in this trial cannot be opened, so it cannot be accepted:
                reject it with a reason.
              </Trans>
            </p>
          ) : (
            <QuarantineAcceptForm item={item} />
          )}
          <QuarantineRejectForm id={item.id} />
        </>
      )}
      <RecordSection id="quarantine-sent-heading" title={<Trans>As the tablet sent it</Trans>}>
        <pre className={styles.sentBody}>{JSON.stringify(item.body, null, 2)}</pre>
      </RecordSection>
    </>
  )
}

function QuarantinedFacts({ item }: { item: QuarantinedDetail }) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const label =
    item.reason === null
      ? null
      : reasonLabel(item.state === 'accepted' ? 'correction' : 'review', item.reason)
  const reason = typeof label === 'string' || label === null ? label : i18n._(label)
  return (
    <RecordSection id="quarantine-facts-heading" title={<Trans>Refused by the server</Trans>}>
      <dl className={styles.details}>
        <Detail label={<Trans>Received</Trans>}>{format.dateTime(item.receivedAt)}</Detail>
        <Detail label={<Trans>Brand Expert</Trans>}>{item.user.fullname}</Detail>
        <Detail label={<Trans>Tablet</Trans>}>{item.deviceId.slice(0, 8)}</Detail>
        <Detail label={<Trans>Store</Trans>}>{item.store?.name ?? t`No store found`}</Detail>
        <Detail label={<Trans>Refused because</Trans>}>
          {i18n._(item.code)} (<code>{item.code}</code>)
        </Detail>
        <Detail label={<Trans>State</Trans>}>
          {i18n._(quarantineStateLabels[item.state])}
          {item.trialId !== null && (
            <>
              {': '}
              <Link to="/surveys/$id" params={{ id: item.trialId }}>
                <Trans>trial #{item.trialId}</Trans>
              </Link>
            </>
          )}
        </Detail>
        {item.decidedBy && item.decidedAt && (
          <Detail label={<Trans>Decided</Trans>}>
            {format.dateTime(item.decidedAt)}, {item.decidedBy.fullname}
          </Detail>
        )}
        {reason && <Detail label={<Trans>Reason</Trans>}>{reason}</Detail>}
        {item.comment && (
          <Detail label={<Trans>Comment</Trans>} className={styles.preWrap}>
            {item.comment}
          </Detail>
        )}
        {item.anonymisedAt && (
          <Detail label={<Trans>Contact erased</Trans>}>
            {format.dateTime(item.anonymisedAt)}
          </Detail>
        )}
      </dl>
    </RecordSection>
  )
}
