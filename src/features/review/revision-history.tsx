import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { allStoresQueryOptions } from '../../api/store-queries.ts'
import { reviewStateLabels } from '../../contract/review-labels.ts'
import type { TrialDetail } from '../../contract/trial.ts'
import { RecordSection } from '../../ui/record-table.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { revisionChanges, type ChangeLine } from './revision-changes.ts'
import { reasonLabel, revisionKindLabels } from './review-words.ts'
import { useTextLabel } from './text-label.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * The trial's history, oldest first: each revision's kind, who and when, the decision or the
 * reason, the comment, and what a correction changed (from what, to what).
 */
export function RevisionHistory({ trial }: { trial: Pick<TrialDetail, 'original' | 'revisions'> }) {
  const { i18n } = useLingui()
  const format = useFormat()
  const changes = revisionChanges(trial.original, trial.revisions)
  return (
    <RecordSection id="trial-history-heading" title={<Trans>History</Trans>}>
      <ol className={styles.notes}>
        {trial.revisions.map((revision) => {
          const kind = i18n._(revisionKindLabels[revision.kind])
          const at = format.dateTime(revision.at)
          const by = revision.by?.fullname ?? '—'
          const reason = revision.reason ? reasonLabel(revision.kind, revision.reason) : null
          const number = revision.revision
          return (
            <li key={revision.revision} className={styles.reclamation}>
              <h3>
                <Trans>
                  Revision {number}: {kind}
                </Trans>
              </h3>
              <p className={styles.noteMeta}>
                <Trans>
                  {at}, by {by}
                </Trans>
              </p>
              <dl className={styles.fields}>
                {revision.state && (
                  <div className={styles.contents}>
                    <dt>
                      <Trans>Decision</Trans>
                    </dt>
                    <dd>{i18n._(reviewStateLabels[revision.state])}</dd>
                  </div>
                )}
                {reason !== null && (
                  <div className={styles.contents}>
                    <dt>
                      <Trans>Reason</Trans>
                    </dt>
                    <dd>{typeof reason === 'string' ? reason : i18n._(reason)}</dd>
                  </div>
                )}
                {revision.comment && (
                  <div className={styles.contents}>
                    <dt>
                      <Trans>Comment</Trans>
                    </dt>
                    <dd className={styles.preWrap}>{revision.comment}</dd>
                  </div>
                )}
              </dl>
              <ChangeList lines={changes.get(revision.revision) ?? []} />
            </li>
          )
        })}
      </ol>
    </RecordSection>
  )
}

/** What a correction changed, one line each: the field, what it was, what it became. */
function ChangeList({ lines }: { lines: ChangeLine[] }) {
  const { t } = useLingui()
  const textLabel = useTextLabel()
  const stores = useQuery(allStoresQueryOptions())
  if (lines.length === 0) return null
  const words = (path: string, value: unknown): string => {
    if (value === undefined || value === '') return '—'
    if (path === 'store_id' && typeof value === 'number') {
      const id = value
      return stores.data?.find((store) => store.id === id)?.name ?? t`Store #${id}`
    }
    return typeof value === 'string' ? value : JSON.stringify(value)
  }
  return (
    <ul aria-label={t`Changes`}>
      {lines.map((line) => {
        const field = line.path === 'store_id' ? t`Store` : textLabel(line.path.split('.').slice(1))
        const before = words(line.path, line.before)
        const after = words(line.path, line.after)
        return (
          <li key={line.path} className={styles.preWrap}>
            <Trans>
              {field}: {before} → {after}
            </Trans>
          </li>
        )
      })}
    </ul>
  )
}
