import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { rejectionReasonLabels } from '../../contract/decision-labels.ts'
import { offlineDatabase } from '../../offline/database.ts'
import {
  discardTrial,
  kickOutbox,
  type OutboxItem,
  retryTrial,
} from '../../offline/outbox/index.ts'
import { Button } from '../../ui/button.tsx'
import { OutboxError } from './outbox-error.tsx'
import styles from './outbox-list.module.css'

/**
 * Where a trial the server refused stands (docs/behaviour.md#offline): the server's words and, for
 * one refused for good, whether the office holds it yet and what it decided; another refusal says
 * what to do about it.
 */
export function RefusedTrialState({ item }: { item: OutboxItem }) {
  const onlyHere = useOnlyHere(item)
  const toOffice = onlyHere || item.quarantine !== undefined
  return (
    <>
      {item.lastError ? (
        <OutboxError error={item.lastError} message={item.error} advised={!toOffice} />
      ) : (
        item.error && <p className={styles.error}>{item.error}</p>
      )}
      <QuarantineLine item={item} onlyHere={onlyHere} />
    </>
  )
}

/** Try again, and Discard (or, once the office holds it, Set aside): never while only here. */
export function RefusedTrialActions({ item }: { item: OutboxItem }) {
  const { t } = useLingui()
  const db = offlineDatabase()
  const onlyHere = useOnlyHere(item)
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onClick={() => void retryTrial(db, item.id).then(kickOutbox)}>
        <Trans>Try again</Trans>
      </Button>
      <Button
        variant="danger"
        disabled={onlyHere}
        onClick={() => {
          const question = item.quarantine
            ? t`Set this trial aside? The office keeps it and decides on it.`
            : t`Discard this trial? It will never reach the server.`
          if (window.confirm(question)) void discardTrial(db, item.id)
        }}
      >
        {item.quarantine ? <Trans>Set aside</Trans> : <Trans>Discard</Trans>}
      </Button>
    </div>
  )
}

function QuarantineLine({ item, onlyHere }: { item: OutboxItem; onlyHere: boolean }) {
  const { i18n } = useLingui()
  if (onlyHere) {
    return (
      <p className={styles.state}>
        <Trans>
          Only this device has it: it goes to the office as soon as there is a connection, and can
          be set aside after that.
        </Trans>
      </p>
    )
  }
  if (item.quarantine?.state === 'waiting') {
    return (
      <p className={styles.state}>
        <Trans>The office has it and will decide on it.</Trans>
      </p>
    )
  }
  if (item.quarantine?.state === 'rejected') {
    const reason = item.quarantine.reason
    const why = reason ? i18n._(rejectionReasonLabels[reason]) : null
    return (
      <p className={styles.state}>
        {why ? (
          <Trans>The office rejected it: {why}</Trans>
        ) : (
          <Trans>The office rejected it.</Trans>
        )}
      </p>
    )
  }
  return null
}

/**
 * Whether only this device holds the refused trial, read from the quarantine's module (a chunk
 * of its own): until it is read, the trial is taken to be held here alone.
 */
function useOnlyHere(item: OutboxItem): boolean {
  const [onlyHere, setOnlyHere] = useState(true)
  useEffect(() => {
    let current = true
    void import('../../offline/outbox/refused.ts').then(
      ({ toHandOver }) => current && setOnlyHere(toHandOver(item)),
    )
    return () => {
      current = false
    }
  }, [item])
  return onlyHere
}
