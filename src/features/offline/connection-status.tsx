import { Link } from '@tanstack/react-router'
import { Plural, Trans } from '@lingui/react/macro'
import { useOnline } from '../../offline/use-online.ts'
import { useOutboxCount } from '../../offline/use-outbox.ts'
import { usePackImageProgress } from '../../offline/pack-image-progress.ts'
import styles from './connection-status.module.css'

/**
 * The header's connection state and the number of trials waiting to be sent
 * (docs/behaviour.md#offline).
 */
export function ConnectionStatus({ userId }: { userId: number }) {
  const online = useOnline()
  const count = useOutboxCount(userId)
  const images = usePackImageProgress()
  const done = images?.done ?? 0
  const total = images?.total ?? 0
  return (
    <Link to="/outbox" className={styles.status} data-online={online}>
      <span className={styles.dot} aria-hidden="true" />
      <span>{online ? <Trans>Online</Trans> : <Trans>Offline</Trans>}</span>
      {total > 0 && done < total && (
        <span className={styles.count}>
          <Trans>
            Offline images {done}/{total}
          </Trans>
        </span>
      )}
      {count > 0 && (
        <span className={styles.count}>
          <Plural
            value={count}
            one="# trial waiting"
            few="# trials waiting"
            other="# trials waiting"
          />
        </span>
      )}
    </Link>
  )
}
