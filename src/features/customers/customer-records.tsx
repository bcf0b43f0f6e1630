import { Trans, useLingui } from '@lingui/react/macro'
import type { Customer } from '../../contract/customers.ts'
import { useFormat } from '../../ui/use-format.ts'
import { DateTime } from '../../ui/date-time.tsx'
import { communicationChannelLabels, orderChannelLabels } from './customer-labels.ts'
import { RecordSection, RecordTable } from '../../ui/record-table.tsx'
import styles from '../../ui/records.module.css'

/** Devices: serial number, colour and registration date (docs/behaviour.md#records). */
export function DevicesSection({ devices }: { devices: Customer['devices'] }) {
  const format = useFormat()
  return (
    <RecordSection id="devices-heading" title={<Trans>Devices</Trans>}>
      <RecordTable
        labelledBy="devices-heading"
        rows={devices}
        rowKey={(device) => device.serialNumber}
        empty={<Trans>No registered devices.</Trans>}
        columns={[
          {
            header: <Trans>Serial number</Trans>,
            cell: (device) => <span className={styles.code}>{device.serialNumber}</span>,
            rowHeader: true,
          },
          { header: <Trans>Colour</Trans>, cell: (device) => device.color },
          {
            header: <Trans>Registered on</Trans>,
            cell: (device) => format.date(device.registeredAt),
          },
        ]}
      />
    </RecordSection>
  )
}

export function OrdersSection({ orders }: { orders: Customer['orders'] }) {
  const { i18n } = useLingui()
  const format = useFormat()
  return (
    <RecordSection id="orders-heading" title={<Trans>Orders</Trans>}>
      <RecordTable
        labelledBy="orders-heading"
        rows={orders}
        rowKey={(order) => order.number}
        empty={<Trans>No orders.</Trans>}
        columns={[
          {
            header: <Trans>Order</Trans>,
            cell: (order) => <span className={styles.code}>{order.number}</span>,
            rowHeader: true,
          },
          { header: <Trans>Date</Trans>, cell: (order) => format.date(order.date) },
          {
            header: <Trans>Channel</Trans>,
            cell: (order) => i18n._(orderChannelLabels[order.channel]),
          },
          { header: <Trans>Status</Trans>, cell: (order) => order.status },
          {
            header: <Trans>Total</Trans>,
            cell: (order) => format.money(order.total),
            numeric: true,
          },
        ]}
      />
    </RecordSection>
  )
}

export function EcommerceSection({ statuses }: { statuses: Customer['ecommerceStatuses'] }) {
  const format = useFormat()
  return (
    <RecordSection id="ecommerce-heading" title={<Trans>E-commerce statuses</Trans>}>
      <RecordTable
        labelledBy="ecommerce-heading"
        rows={statuses}
        rowKey={(_status, index) => index}
        empty={<Trans>No e-commerce statuses.</Trans>}
        columns={[
          { header: <Trans>Status</Trans>, cell: (status) => status.status, rowHeader: true },
          { header: <Trans>Date</Trans>, cell: (status) => format.date(status.date) },
        ]}
      />
    </RecordSection>
  )
}

export function CommunicationsSection({
  communications,
}: {
  communications: Customer['communications']
}) {
  const { i18n } = useLingui()
  return (
    <RecordSection id="communications-heading" title={<Trans>Previous communication</Trans>}>
      <RecordTable
        labelledBy="communications-heading"
        rows={communications}
        rowKey={(_message, index) => index}
        empty={<Trans>No previous communication.</Trans>}
        columns={[
          { header: <Trans>Date</Trans>, cell: (message) => <DateTime value={message.date} /> },
          {
            header: <Trans>Channel</Trans>,
            cell: (message) => i18n._(communicationChannelLabels[message.channel]),
          },
          { header: <Trans>Subject</Trans>, cell: (message) => message.subject },
        ]}
      />
    </RecordSection>
  )
}

export function ServiceCasesSection({ cases }: { cases: Customer['serviceCases'] }) {
  const format = useFormat()
  return (
    <RecordSection id="service-cases-heading" title={<Trans>Service cases</Trans>}>
      <RecordTable
        labelledBy="service-cases-heading"
        rows={cases}
        rowKey={(serviceCase) => serviceCase.number}
        empty={<Trans>No service cases.</Trans>}
        columns={[
          {
            header: <Trans>Case</Trans>,
            cell: (serviceCase) => <span className={styles.code}>{serviceCase.number}</span>,
            rowHeader: true,
          },
          { header: <Trans>Date</Trans>, cell: (serviceCase) => format.date(serviceCase.date) },
          { header: <Trans>Subject</Trans>, cell: (serviceCase) => serviceCase.subject },
          { header: <Trans>Status</Trans>, cell: (serviceCase) => serviceCase.status },
        ]}
      />
    </RecordSection>
  )
}
