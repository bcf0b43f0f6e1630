import { Trans, useLingui } from '@lingui/react/macro'
import { offlineDatabase } from '../../offline/database.ts'
import { discardTrial, retryTrial } from '../../offline/outbox.ts'
import { kickOutbox } from '../../offline/outbox-runner.ts'
import type { OutboxItem } from '../../offline/outbox-state.ts'
import { Button } from '../../ui/button.tsx'
import { intlTag, parseLocale } from '../../contract/locale.ts'
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

/** The trials on this device that have not reached the server yet. */
export function OutboxList({ items }: { items: OutboxItem[] }) {
  const { i18n, t } = useLingui()
  const stateLabel = useStateLabel()
  const dateTime = new Intl.DateTimeFormat(intlTag[parseLocale(i18n.locale)], {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  const db = offlineDatabase()
  if (items.length === 0) {
    return (
      <p className={styles.empty}>
        <Trans>Every finished trial has reached the server.</Trans>
      </p>
    )
  }
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.id} className={styles.item} data-state={item.state}>
          <div>
            <p className={styles.time}>{dateTime.format(new Date(item.createdAt))}</p>
            <p className={styles.state}>{stateLabel(item)}</p>
            {item.error && (
              <p className={styles.error} role="alert">
                {item.error}
              </p>
            )}
          </div>
          {item.state === 'failed' && (
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => void retryTrial(db, item.id).then(kickOutbox)}
              >
                <Trans>Try again</Trans>
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  if (window.confirm(t`Discard this trial? It will never reach the server.`))
                    void discardTrial(db, item.id)
                }}
              >
                <Trans>Discard</Trans>
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
