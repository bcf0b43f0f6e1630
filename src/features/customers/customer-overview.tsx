import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import type { Customer } from '../../contract/customers.ts'
import { useFormat } from '../../ui/use-format.ts'
import {
  CommunicationsSection,
  DevicesSection,
  EcommerceSection,
  OrdersSection,
  ServiceCasesSection,
} from './customer-records.tsx'
import { ReclamationsSection } from './reclamations-section.tsx'
import { VisitNotesSection } from './visit-notes-section.tsx'
import { Detail, RecordSection } from '../../ui/record-table.tsx'
import styles from '../../ui/records.module.css'
import { EmailAddress } from '../../ui/email-address.tsx'

/**
 * The overview tab (docs/behaviour.md#records): contact and codes, records, reclamations, visit
 * notes. `personalData` follows the contact: the administration's exports and erasure, which the
 * route adds for them.
 */
export function CustomerOverview({
  customer,
  personalData,
}: {
  customer: Customer
  personalData?: ReactNode
}) {
  const format = useFormat()
  return (
    <>
      <RecordSection id="contact-heading" title={<Trans>Contact and codes</Trans>}>
        <dl className={styles.details}>
          <Detail label={<Trans>Points</Trans>}>{format.number(customer.points)}</Detail>
          <Detail label={<Trans>Email</Trans>}>
            {customer.email ? <EmailAddress email={customer.email} /> : '—'}
          </Detail>
          <Detail label={<Trans>Phone</Trans>}>{customer.phone ?? '—'}</Detail>
          <Detail label={<Trans>Referral code</Trans>} className={styles.code}>
            {customer.referralCode}
          </Detail>
          <Detail label={<Trans>F&F code</Trans>} className={styles.code}>
            {customer.ffCode ?? '—'}
          </Detail>
        </dl>
      </RecordSection>
      {personalData}
      <VisitNotesSection customerId={customer.id} notes={customer.visitNotes} />
      <DevicesSection devices={customer.devices} />
      <OrdersSection orders={customer.orders} />
      <EcommerceSection statuses={customer.ecommerceStatuses} />
      <CommunicationsSection communications={customer.communications} />
      <ServiceCasesSection cases={customer.serviceCases} />
      <ReclamationsSection reclamations={customer.reclamations} />
    </>
  )
}
