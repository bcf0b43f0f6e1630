import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { Erasure, TrialContactExport } from '../../contract/customer-rights.ts'
import type { TrialAnswers, TrialDetail } from '../../contract/trial.ts'
import { trialReadings } from '../../contract/trial-reading.ts'
import { AnswerLines } from '../../ui/answer-lines.tsx'
import { useTrialWords } from '../../ui/edition-words.ts'
import { Button } from '../../ui/button.tsx'
import { DateTime } from '../../ui/date-time.tsx'
import { RecordSection, RecordTable, type Column } from '../../ui/record-table.tsx'
import { saveBlob } from '../../ui/admin/save-file.ts'
import { useFormat } from '../../ui/use-format.ts'
import { EraseDialog } from './erase-dialog.tsx'
import { erasureTargetOf } from './trial-contact-form.ts'
import { jsonFile } from './export-file.ts'
import styles from '../../ui/admin/admin.module.css'

const outcomeId = 'trial-contact-erased'

/**
 * What trials hold about the person found: the trials (each to its page), the consumers with the
 * same contact (whose own pages export and erase the rest), the export of what was found, and its
 * erasure from the trials. Once erased, the answers read before are no longer shown.
 */
export function TrialContactFound({
  found,
  onErased,
}: {
  found: TrialContactExport
  onErased: () => Promise<void>
}) {
  const { t } = useLingui()
  const format = useFormat()
  const [saved, setSaved] = useState<string | null>(null)
  const [erasure, setErasure] = useState<Erasure | null>(null)
  const contact = [found.email, found.phone].filter(Boolean).join(', ')
  const removedOn = erasure && format.date(erasure.erasedAt)
  const removed = erasure?.trials ?? 0
  return (
    <>
      <TrialsFound trials={found.trials} erased={erasure !== null} />
      <CustomersFound ids={found.customerIds} />
      <RecordSection id="trial-contact-data-heading" title={<Trans>Personal data</Trans>}>
        <p className={styles.hint}>
          <Trans>What the trials hold about {contact}.</Trans>
        </p>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => {
              const file = jsonFile(found, `trial-contact-${found.exportedAt.slice(0, 10)}.json`)
              saveBlob(file.blob, file.filename)
              setSaved(file.filename)
            }}
          >
            <Trans>Export (JSON)</Trans>
          </Button>
          {erasure === null && (
            <EraseDialog
              target={erasureTargetOf(found)}
              label={t`Erase…`}
              title={<Trans>Erase this person&apos;s contact from their trials?</Trans>}
              description={
                <Trans>
                  {contact} and the free texts are removed from the trials found, and from any trial
                  with this contact still waiting on a tablet when it arrives. Consumers with this
                  contact keep their profile: erase it on their own page.
                </Trans>
              }
              onErased={async (done) => {
                await onErased()
                setErasure(done)
              }}
              focusAfter={() => document.getElementById(outcomeId)?.focus()}
            />
          )}
        </div>
        {saved !== null && (
          <p role="status" className={styles.done}>
            <Trans>Downloaded: {saved}</Trans>
          </p>
        )}
        {removedOn && (
          <p id={outcomeId} tabIndex={-1} className={styles.notice}>
            {t({
              message: plural(removed, {
                one: `Contact and free texts removed from # trial on ${removedOn}`,
                other: `Contact and free texts removed from # trials on ${removedOn}`,
              }),
            })}
          </p>
        )}
      </RecordSection>
    </>
  )
}

/** The trials found, newest first as the server lists them, each to its page. */
function TrialsFound({ trials, erased }: { trials: readonly TrialDetail[]; erased: boolean }) {
  const columns: Column<TrialDetail>[] = [
    {
      header: <Trans>Date</Trans>,
      rowHeader: true,
      cell: (trial) => (
        <Link to="/surveys/$id" params={{ id: trial.id }}>
          <DateTime value={trial.capturedAt} />
        </Link>
      ),
    },
    { header: <Trans>Store</Trans>, cell: (trial) => trial.store.name },
    { header: <Trans>Brand expert</Trans>, cell: (trial) => trial.user.fullname },
  ]
  // Once erased, what was read before the erasure is not shown again.
  if (!erased)
    columns.push({
      header: <Trans>Answers</Trans>,
      actions: true,
      cell: (trial) => (
        <details>
          <summary>
            <Trans>Show answers</Trans>
          </summary>
          {typeof trial.comment === 'string' ? (
            <p className={styles.preWrap}>{trial.comment}</p>
          ) : (
            <EditionAnswerLines answers={trial.comment} edition={trial.contentEdition} />
          )}
        </details>
      ),
    })
  return (
    <RecordSection id="trial-contact-trials-heading" title={<Trans>Trials found</Trans>}>
      <RecordTable
        labelledBy="trial-contact-trials-heading"
        rows={trials}
        rowKey={(trial) => trial.id}
        columns={columns}
        empty={<Trans>No trial holds this email or phone.</Trans>}
      />
    </RecordSection>
  )
}

/** The consumers with the same email or phone, by number, each to their page. */
function CustomersFound({ ids }: { ids: readonly number[] }) {
  return (
    <RecordSection
      id="trial-contact-customers-heading"
      title={<Trans>Consumers with this contact</Trans>}
    >
      {ids.length === 0 ? (
        <p className={styles.empty}>
          <Trans>No consumer has this email or phone: the trials are all that is held.</Trans>
        </p>
      ) : (
        <>
          <ul aria-labelledby="trial-contact-customers-heading">
            {ids.map((id) => (
              <li key={id}>
                <Link to="/customers/$id/overview" params={{ id }}>
                  <Trans>Consumer no. {id}</Trans>
                </Link>
              </li>
            ))}
          </ul>
          <p className={styles.hint}>
            <Trans>Their own page exports and erases what is held about them.</Trans>
          </p>
        </>
      )}
    </RecordSection>
  )
}

/** A trial's answers in the words of its own content edition. */
function EditionAnswerLines({ answers, edition }: { answers: TrialAnswers; edition: number }) {
  const { words, edition: editionWords } = useTrialWords(edition)
  return <AnswerLines lines={trialReadings.lines(answers, words.t, editionWords)} />
}
