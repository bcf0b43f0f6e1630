import { useEffect, useState } from 'react'
import { useSelector } from '@tanstack/react-store'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useAction } from '../../api/use-action.ts'
import { useSession } from '../../api/use-session.ts'
import {
  sendOutboxNow,
  sendProgress,
  useDatabaseProblem,
  useOutbox,
  useReceipts,
} from '../../offline/outbox/index.ts'
import { Page } from '../../ui/page.tsx'
import { Button } from '../../ui/button.tsx'
import { Moment } from './moment.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { exportOutbox } from './export-outbox.ts'
import { OutboxList } from './outbox-list.tsx'
import { SentList } from './sent-list.tsx'
import styles from './outbox-list.module.css'

/** The clock the "next try" times are read against, moved on every few seconds. */
function useNow(everyMs = 5_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

/**
 * /outbox: the trials on this device that have not reached the server, each with its attempts,
 * last error and next try; "Send now" with its progress; and the trials sent in the last 7 days.
 */
export function OutboxScreen() {
  const { t } = useLingui()
  const userId = useSession()?.user.id
  const items = useOutbox(userId)
  const problem = useDatabaseProblem()
  const receipts = useReceipts(userId)
  const now = useNow()
  const progress = useSelector(sendProgress)
  const send = useAction({ mutationFn: () => sendOutboxNow() })
  const left = send.data?.left
  const lastSent = receipts?.[0]?.sentAt
  return (
    <Page
      title={t`Trials waiting to be sent`}
      actions={
        items !== undefined &&
        items.length > 0 && (
          <>
            {!problem && (
              <Button loading={send.isPending} onClick={() => send.mutate()}>
                <Trans>Send now</Trans>
              </Button>
            )}
            <Button variant="secondary" onClick={() => exportOutbox(items)}>
              <Trans>Export to a file</Trans>
            </Button>
          </>
        )
      }
    >
      {problem && <DatabaseProblem error={problem} />}
      {/* Without one, the Sent list below says that none was sent. */}
      {lastSent && (
        <p className={styles.lastSent}>
          <Trans>
            Last trial sent: <Moment value={lastSent} />
          </Trans>
        </p>
      )}
      {progress && progress.total > 0 && (
        <div role="status" className={styles.progress}>
          <Trans>
            Sending {progress.done} of {progress.total}
          </Trans>
          <progress max={progress.total} value={progress.done} />
        </div>
      )}
      {/* What "Send now" came to, also when there is no connection to send over. */}
      {send.isSuccess &&
        left !== undefined &&
        left > 0 &&
        items !== undefined &&
        items.length > 0 && (
          <p role="status" className={styles.sendResult}>
            <Plural
              value={left}
              one="# trial could not be sent now: it stays on this device and is tried again as soon as the connection allows."
              few="# trials could not be sent now: they stay on this device and are tried again as soon as the connection allows."
              other="# trials could not be sent now: they stay on this device and are tried again as soon as the connection allows."
            />
          </p>
        )}
      {/* Not "every trial has reached the server" before the device's outbox has been read. */}
      {items === undefined ? (
        <Spinner label={t`Reading the trials kept on this device…`} />
      ) : (
        <OutboxList items={items} now={now} />
      )}
      <section aria-labelledby="sent-heading" className={styles.sentSection}>
        <h2 id="sent-heading">
          <Trans>Sent in the last 7 days</Trans>
        </h2>
        {receipts === undefined ? (
          <Spinner label={t`Reading the trials kept on this device…`} />
        ) : (
          <SentList receipts={receipts} labelledBy="sent-heading" />
        )}
      </section>
    </Page>
  )
}

/**
 * This build could not open the device's database (its upgrade failed): the trials below are read
 * as the previous build kept them, nothing was deleted, and they wait until a build opens it.
 */
export function DatabaseProblem({ error }: { error: Error }) {
  const detail = error.message
  return (
    <div role="alert" className={styles.problem}>
      <p>
        <Trans>
          This version of the app could not update the trials kept on this device. Nothing was
          deleted: they are shown below as they were kept, and are sent once an update opens them.
          Export them to a file and tell support.
        </Trans>
      </p>
      <p className={styles.problemDetail}>
        <Trans>Error: {detail}</Trans>
      </p>
    </div>
  )
}
