import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Reclamation } from '../../contract/customers.ts'
import { useFormat } from '../../ui/use-format.ts'
import { verdictLabels } from './customer-labels.ts'
import { RecordSection } from '../../ui/record-table.tsx'
import styles from '../../ui/records.module.css'

/**
 * Reclamations with every field of docs/behaviour.md#records, the verdict and the remedy in words.
 */
export function ReclamationsSection({ reclamations }: { reclamations: readonly Reclamation[] }) {
  return (
    <RecordSection id="reclamations-heading" title={<Trans>Reclamations</Trans>}>
      {reclamations.length === 0 ? (
        <p className={styles.empty}>
          <Trans>No reclamations.</Trans>
        </p>
      ) : (
        <ul className={styles.reclamations}>
          {reclamations.map((reclamation) => (
            <li key={reclamation.registrationNumber}>
              <ReclamationCard reclamation={reclamation} />
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  )
}

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  )
}

function ReclamationCard({ reclamation }: { reclamation: Reclamation }) {
  const { i18n } = useLingui()
  const format = useFormat()
  const number = reclamation.registrationNumber
  const remedy = reclamation.remedy
  const newSerial = remedy.kind === 'replaced' ? remedy.newSerialNumber : ''
  return (
    <article className={styles.reclamation} aria-labelledby={`reclamation-${number}`}>
      <h3 id={`reclamation-${number}`}>
        <Trans>Reclamation {number}</Trans>
      </h3>
      <dl className={styles.fields}>
        <Field label={<Trans>Registration number</Trans>}>{number}</Field>
        <Field label={<Trans>Serial number</Trans>}>{reclamation.serialNumber}</Field>
        <Field label={<Trans>Name</Trans>}>{reclamation.name}</Field>
        <Field label={<Trans>Address</Trans>}>{reclamation.address}</Field>
        <Field label={<Trans>Phone</Trans>}>{reclamation.phone}</Field>
        <Field label={<Trans>Email</Trans>}>{reclamation.email}</Field>
        <Field label={<Trans>Receipt date</Trans>}>{format.date(reclamation.receiptDate)}</Field>
        <Field label={<Trans>Item</Trans>}>{reclamation.item}</Field>
        <Field label={<Trans>Purchase date</Trans>}>{format.date(reclamation.purchaseDate)}</Field>
        <Field label={<Trans>Description</Trans>}>{reclamation.description}</Field>
        <Field label={<Trans>Verdict</Trans>}>{i18n._(verdictLabels[reclamation.verdict])}</Field>
        <Field label={<Trans>Diagnostics</Trans>}>{reclamation.diagnostics}</Field>
        <Field label={<Trans>Remedy</Trans>}>
          {remedy.kind === 'removed' ? (
            <Trans>Fault removed</Trans>
          ) : (
            <Trans>Device replaced; new serial number {newSerial}</Trans>
          )}
        </Field>
      </dl>
    </article>
  )
}
