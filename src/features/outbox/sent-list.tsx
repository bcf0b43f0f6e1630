import { Trans } from '@lingui/react/macro'
import type { Receipt } from '../../offline/database.ts'
import { ScrollArea } from '../../ui/scroll-area.tsx'
import { Moment } from './moment.tsx'
import { useStoreName } from './store-names.ts'
import styles from './outbox-list.module.css'

/**
 * The trials this device sent in the last days: when captured, where, and the server's number.
 * `labelledBy` names the table's box when a narrow screen makes it scroll sideways.
 */
export function SentList({ receipts, labelledBy }: { receipts: Receipt[]; labelledBy: string }) {
  const storeName = useStoreName()
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
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  )
}
