import { useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '../../api/api-error.ts'
import { correctionReasonLabels } from '../../contract/decision-labels.ts'
import { messages } from '../../contract/messages.ts'
import type { QuarantinedDetail } from '../../contract/quarantine-requests.ts'
import { correctionReasons, type CorrectionReason } from '../../contract/review.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/field.tsx'
import { StoreCombobox } from '../../ui/store-combobox.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { acceptanceChanges, answersOf } from './acceptance.ts'
import { textKey } from './correction.ts'
import { isDecided, useAcceptQuarantined } from './quarantine-queries.ts'
import { ReasonFields, useReason } from './reason-fields.tsx'
import { useAnswerEdits } from './answer-edits.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * Accept a quarantined trial as the one trial for its key (docs/api.md#quarantine), corrected
 * first where it was refused: its store, the contact given, the texts typed. Only what changed is
 * sent, as a merge patch on the trial as its tablet sent it; what the server still refuses is
 * listed field by field, and the form keeps what was typed.
 */
export function QuarantineAcceptForm({ item }: { item: QuarantinedDetail }) {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const answers = answersOf(item.opened)
  const edits = useAnswerEdits(answers.storeId)
  const { stores, shownStore, field } = edits
  const why = useReason<CorrectionReason>()
  const [tried, setTried] = useState(false)
  const accept = useAcceptQuarantined()
  const required = i18n._(messages.required.id)
  const storeError = tried && shownStore === null ? required : undefined
  const refused = accept.error instanceof ApiError ? accept.error.invalidFields : []

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Correct and accept</Trans>
      </h2>
      <form
        className={styles.adminForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setTried(true)
          const chosen = why.chosen()
          if (shownStore === null || chosen === null) return
          const changes = acceptanceChanges(answers, { storeId: shownStore.id, texts: edits.typed })
          accept.mutate({ id: item.id, changes, ...chosen })
        }}
      >
        {accept.error && (
          <div role="alert" className={styles.alert}>
            <p>{accept.error.message}</p>
            {refused.length > 1 && (
              <ul>
                {refused.map((one) => (
                  <li key={one.field}>
                    <code>{one.field}</code>: {one.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {answers.storeId !== null &&
          !stores.isPending &&
          !stores.data?.some((one) => one.id === answers.storeId) && (
            <p className={styles.hint}>
              <Trans>
                The store it names (#{answers.storeId}) does not exist: choose where it happened.
              </Trans>
            </p>
          )}
        {!stores.isPending && (
          <StoreCombobox
            label={t`Store`}
            value={shownStore}
            onChange={edits.setStore}
            error={storeError}
          />
        )}
        {answers.contact.map((text) => (
          <TextField
            key={textKey(text)}
            type={text.path[1] === 'phone' ? 'tel' : 'email'}
            maxLength={200}
            {...field(text)}
          />
        ))}
        {answers.texts.map((text) => (
          <TextArea key={textKey(text)} maxLength={2000} {...field(text)} />
        ))}
        <ReasonFields
          state={why}
          reasons={correctionReasons}
          labels={correctionReasonLabels}
          label={t`Reason for the correction`}
          commentLabel={t`Why`}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={accept.isPending} disabled={isDecided(accept.error)}>
            <Trans>Accept as a trial</Trans>
          </Button>
        </div>
      </form>
    </section>
  )
}
