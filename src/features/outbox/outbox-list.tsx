import { Trans, useLingui } from '@lingui/react/macro'
import type { OutboxItem } from '../../offline/outbox/index.ts'
import { Moment } from './moment.tsx'
import { OutboxError } from './outbox-error.tsx'
import { RefusedTrialActions, RefusedTrialState } from './refused-trial.tsx'
import { useStoreName } from './store-names.ts'
import styles from './outbox-list.module.css'

function useStateLabel() {
  const { t } = useLingui()
  return (item: OutboxItem) =>
    ({
      waiting: t`Waiting to be sent`,
      'needs-login': t`Needs its author's sign-in`,
      failed: t`Refused by the server`,
    })[item.state]
}

/** When a trial was captured: the device's clock at Finish, else when it was queued. */
export function captureTime(item: OutboxItem): string {
  return item.body.finished_at ?? item.createdAt
}

/** The trials on this device that have not reached the server yet, each with its attempts. */
export function OutboxList({ items, now }: { items: OutboxItem[]; now: number }) {
  const { t } = useLingui()
  const stateLabel = useStateLabel()
  const storeName = useStoreName()
  if (items.length === 0) {
    return (
      <p className={styles.empty}>
        <Trans>Every finished trial has reached the server.</Trans>
      </p>
    )
  }
  return (
    <ul className={styles.list} aria-label={t`Waiting`}>
      {items.map((item) => (
        <li key={item.id} className={styles.item} data-state={item.state}>
          <div className={styles.body}>
            <p className={styles.time}>
              <Moment value={captureTime(item)} /> · {storeName(item.body.store_id)}
            </p>
            <p className={styles.state}>{stateLabel(item)}</p>
            <dl className={styles.facts}>
              <dt>
                <Trans>Attempts</Trans>
              </dt>
              <dd>{item.attempts}</dd>
              {item.lastAttemptAt && (
                <>
                  <dt>
                    <Trans>Last attempt</Trans>
                  </dt>
                  <dd>
                    <Moment value={item.lastAttemptAt} />
                  </dd>
                </>
              )}
              <dt>
                <Trans>Next try</Trans>
              </dt>
              <dd>{nextTry(item)}</dd>
            </dl>
            {item.state === 'failed' ? (
              <RefusedTrialState item={item} />
            ) : item.lastError ? (
              <OutboxError error={item.lastError} message={item.error} />
            ) : (
              item.error && <p className={styles.error}>{item.error}</p>
            )}
          </div>
          {item.state === 'failed' && <RefusedTrialActions item={item} />}
        </li>
      ))}
    </ul>
  )

  function nextTry(item: OutboxItem) {
    if (item.state === 'needs-login') return t`After your next sign-in`
    if (item.state === 'failed') return t`Only when you choose "Try again"`
    if (item.nextAttemptAt <= now) return t`As soon as there is a connection`
    return <Moment value={new Date(item.nextAttemptAt).toISOString()} />
  }
}
