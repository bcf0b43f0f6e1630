import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../api/use-session.ts'
import { correctionReasonLabels, rejectionReasonLabels } from '../../contract/decision-labels.ts'
import type { Receipt } from '../../offline/database.ts'
import { ScrollArea } from '../../ui/scroll-area.tsx'
import { Moment } from './moment.tsx'
import { useStoreName } from './store-names.ts'
import { decisionNotes, type DecisionNote } from './decision-notes.ts'
import { decisionsQueryOptions } from './decisions.ts'
import styles from './outbox-list.module.css'

/**
 * The trials this device sent in the last days: when captured, where, the server's number, and
 * whether the administration accepted, rejected or corrected it, and why (asked of the server when it
 * answers). `labelledBy` names the table's box when a narrow screen makes it scroll sideways.
 */
export function SentList({ receipts, labelledBy }: { receipts: Receipt[]; labelledBy: string }) {
  const storeName = useStoreName()
  const userId = useSession()?.user.id
  const decisions = useQuery(
    decisionsQueryOptions(
      userId,
      receipts.map((receipt) => receipt.serverId),
    ),
  )
  if (receipts.length === 0) {
    return (
      <p className={styles.empty}>
        <Trans>No trial was sent from this device in the last 7 days.</Trans>
      </p>
    )
  }
  return (
    <ScrollArea labelledBy={labelledBy} className={styles.sentScroll}>
      <table className={styles.sent}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Captured</Trans>
            </th>
            <th scope="col">
              <Trans>Store</Trans>
            </th>
            <th scope="col">
              <Trans>Trial number</Trans>
            </th>
            <th scope="col">
              <Trans>Sent</Trans>
            </th>
            <th scope="col">
              <Trans>Review</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {receipts.map((receipt) => (
            <tr key={receipt.id}>
              <td>
                <Moment value={receipt.finishedAt} />
              </td>
              <td>{storeName(receipt.storeId)}</td>
              <td>#{receipt.serverId}</td>
              <td>
                <Moment value={receipt.sentAt} />
              </td>
              <td>
                <DecisionNotes
                  notes={decisionNotes(
                    decisions.data?.find((decision) => decision.id === receipt.serverId),
                  )}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  )
}

/** "Accepted", "Rejected: Duplicate", "Corrected: Entered at the wrong store", one a line. */
function DecisionNotes({ notes }: { notes: DecisionNote[] }) {
  const { i18n } = useLingui()
  return notes.map((note) => {
    if (note.kind === 'accepted')
      return (
        <div key={note.kind}>
          <Trans>Accepted by the office</Trans>
        </div>
      )
    if (note.kind === 'corrected') {
      const reason = i18n._(correctionReasonLabels[note.reason])
      return (
        <div key={note.kind}>
          <Trans>Corrected: {reason}</Trans>
        </div>
      )
    }
    if (note.reason === null)
      return (
        <div key={note.kind}>
          <Trans>Rejected</Trans>
        </div>
      )
    const reason = i18n._(rejectionReasonLabels[note.reason])
    return (
      <div key={note.kind}>
        <Trans>Rejected: {reason}</Trans>
      </div>
    )
  })
}
