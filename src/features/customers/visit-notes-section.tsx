import { useId } from 'react'
import * as v from 'valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  visitNoteBodySchema,
  visitNoteMaxLength,
  visitReasons,
  type VisitNote,
} from '../../contract/customers.ts'
import { messages } from '../../contract/messages.ts'
import { Button } from '../../ui/button.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { useForm } from '../../ui/use-form.ts'
import { useFormat } from '../../ui/use-format.ts'
import { visitReasonLabels } from '../../contract/record-labels.ts'
import { newestFirst } from './customer-lists.ts'
import { useAddVisitNote } from './customer-queries.ts'
import { RecordSection } from '../../ui/record-table.tsx'
import styles from '../../ui/records.module.css'

/** The form's values: no reason is chosen until the user chooses one. */
const visitNoteFormSchema = v.object({
  reason: v.pipe(v.string(), v.nonEmpty(messages.required.id)),
  comment: visitNoteBodySchema.entries.comment,
})

/** Visit notes (docs/behaviour.md#records): the form, then the notes newest first. */
export function VisitNotesSection({
  customerId,
  notes,
}: {
  customerId: number
  notes: readonly VisitNote[]
}) {
  return (
    <RecordSection id="visit-notes-heading" title={<Trans>Visit notes</Trans>}>
      <VisitNoteForm customerId={customerId} />
      <h3 id="visit-notes-list-heading">
        <Trans>Earlier visits</Trans>
      </h3>
      {notes.length === 0 ? (
        <p className={styles.empty}>
          <Trans>No visit notes yet.</Trans>
        </p>
      ) : (
        <VisitNoteList notes={notes} />
      )}
    </RecordSection>
  )
}

function VisitNoteList({ notes }: { notes: readonly VisitNote[] }) {
  const { i18n } = useLingui()
  const format = useFormat()
  return (
    <ol className={styles.notes} aria-labelledby="visit-notes-list-heading">
      {newestFirst(notes, (note) => note.createdAt).map((note) => {
        const expert = note.expert
        const store = note.store
        return (
          <li key={note.id} className={styles.note}>
            <div className={styles.noteHead}>
              <span className={styles.noteReason}>{i18n._(visitReasonLabels[note.reason])}</span>
              <time dateTime={note.createdAt} className={styles.noteMeta}>
                {format.dateTime(note.createdAt)}
              </time>
              <span className={styles.noteMeta}>
                {store ? (
                  <Trans>
                    {expert}, {store}
                  </Trans>
                ) : (
                  expert
                )}
              </span>
            </div>
            <p className={styles.noteComment}>{note.comment}</p>
          </li>
        )
      })}
    </ol>
  )
}

function VisitNoteForm({ customerId }: { customerId: number }) {
  const { t, i18n } = useLingui()
  const reasonErrorId = useId()
  const form = useForm(visitNoteFormSchema, { reason: '', comment: '' })
  const add = useAddVisitNote()
  const reasonError = form.error('reason')

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t`New visit note`}
      onSubmit={form.handleSubmit((values) => {
        const body = v.parse(visitNoteBodySchema, { customerId, ...values })
        add.mutate(body, {
          onSuccess: () => form.reset(),
          onError: form.showServerErrors,
        })
      })}
    >
      <fieldset
        className={styles.fieldset}
        aria-describedby={reasonError ? reasonErrorId : undefined}
      >
        <legend className={styles.legend}>
          <Trans>Reason for the visit</Trans>
        </legend>
        <div className={styles.choices}>
          {visitReasons.map((reason) => (
            <label key={reason} className={styles.choice}>
              <input
                type="radio"
                name="visit-reason"
                value={reason}
                checked={form.values.reason === reason}
                onChange={() => form.setValue('reason', reason)}
                onBlur={() => form.blur('reason')}
                aria-invalid={reasonError ? true : undefined}
                required
              />
              {i18n._(visitReasonLabels[reason])}
            </label>
          ))}
        </div>
        {reasonError && (
          <p id={reasonErrorId} className={styles.error}>
            {reasonError}
          </p>
        )}
      </fieldset>
      <TextArea
        label={t`Comment`}
        {...form.textInput('comment')}
        required
        maxLength={visitNoteMaxLength}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={add.isPending}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  )
}
