import { useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { correctionReasonLabels } from '../../contract/decision-labels.ts'
import { correctionReasons, type CorrectionReason } from '../../contract/review.ts'
import type { Trial } from '../../contract/trial.ts'
import { Button } from '../../ui/button.tsx'
import { StoreCombobox } from '../../ui/store-combobox.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { correctableTexts, correctionPatch, textKey } from './correction.ts'
import { isStale, useCorrectTrial } from './review-queries.ts'
import { ReasonFields, useReason } from './reason-fields.tsx'
import { useAnswerEdits } from './answer-edits.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * Correct the store or a text typed into the trial, with a reason (docs/api.md#review): only what
 * changed is sent, as a merge patch on the latest revision; the trial as received is kept.
 */
export function CorrectionForm({
  trial,
}: {
  trial: Pick<Trial, 'id' | 'revision' | 'store' | 'comment'>
}) {
  const { t } = useLingui()
  const headingId = useId()
  const texts = correctableTexts(trial.comment)
  const edits = useAnswerEdits(trial.store.id)
  const { stores, shownStore } = edits
  const why = useReason<CorrectionReason>()
  const [tried, setTried] = useState(false)
  const correct = useCorrectTrial()
  const patch = correctionPatch(trial, {
    storeId: shownStore?.id ?? trial.store.id,
    texts: edits.typed,
  })

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Correct</Trans>
      </h2>
      <form
        className={styles.adminForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setTried(true)
          const chosen = why.chosen()
          if (patch === null || chosen === null) return
          correct.mutate(
            { id: trial.id, revision: trial.revision, changes: patch, ...chosen },
            {
              onSuccess: () => {
                why.reset()
                setTried(false)
              },
            },
          )
        }}
      >
        {isStale(correct.error) && (
          <p role="alert" className={styles.alert}>
            {correct.error?.message}
          </p>
        )}
        {tried && patch === null && (
          <p role="alert" className={styles.alert}>
            <Trans>Nothing is changed yet: change the store or a text first.</Trans>
          </p>
        )}
        {!stores.isPending && (
          <StoreCombobox label={t`Store`} value={shownStore} onChange={edits.setStore} />
        )}
        {texts.map((text) => (
          <TextArea key={textKey(text)} maxLength={2000} {...edits.field(text)} />
        ))}
        <ReasonFields
          state={why}
          reasons={correctionReasons}
          labels={correctionReasonLabels}
          label={t`Reason for the correction`}
          commentLabel={t`Why`}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={correct.isPending}>
            <Trans>Save the correction</Trans>
          </Button>
        </div>
      </form>
    </section>
  )
}
