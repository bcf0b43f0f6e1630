import { Link } from '@tanstack/react-router'
import { Plural, Trans } from '@lingui/react/macro'
import { useServerReachable } from '../../api/reachability.ts'
import { useDatabaseProblem, useOutboxCount } from '../../offline/outbox/index.ts'
import { usePackImageProgress } from '../../offline/pack-image-progress.ts'
import styles from './connection-status.module.css'

/**
 * The header's connection state and the number of trials waiting to be sent
 * (docs/behaviour.md#offline).
 */
export function ConnectionStatus({ userId }: { userId: number }) {
  const online = useServerReachable()
  const count = useOutboxCount(userId)
  const problem = useDatabaseProblem()
  const images = usePackImageProgress()
  const done = images?.done ?? 0
  const total = images?.total ?? 0
  return (
    <Link to="/outbox" className={styles.status} data-online={online}>
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.long}>{online ? <Trans>Online</Trans> : <Trans>Offline</Trans>}</span>
      {total > 0 && done < total && (
        <span className={styles.images}>
          <span className={styles.long}>
            <Trans>
              Offline images {done}/{total}
            </Trans>
          </span>
        </span>
      )}
      {problem && (
        <span className={styles.count} data-problem>
          <Trans>Trials not updated</Trans>
        </span>
      )}
      {count > 0 && (
        <span className={styles.count}>
          <span className={styles.long}>
            <Plural
              value={count}
              one="# trial waiting"
              few="# trials waiting"
              other="# trials waiting"
            />
          </span>
          {/* On a phone the badge shows the number alone; the text above stays the name. */}
          <span className={styles.short} aria-hidden="true">
            {count}
          </span>
        </span>
      )}
    </Link>
  )
}
