import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/button.tsx'
import { DateField } from '../../ui/date-field.tsx'
import { TextField } from '../../ui/field.tsx'
import { DangerButton } from '../../ui/admin/danger-button.tsx'
import adminStyles from '../../ui/admin/admin.module.css'
import { currentEditionQueryOptions, useDeleteDraft, usePublishEdition } from './content-queries.ts'
import { draftOf, type DraftState } from './draft-edits.ts'
import { EditionComparison } from './edition-comparison.tsx'
import { publishAtOf } from './publish-time.ts'
import styles from './content-admin.module.css'

/**
 * Before publishing: the saved draft beside the edition in use, then Publish now or at a day and
 * time; and Discard, which asks first. A draft with unsaved edits is saved before it is published.
 */
export function PublishPanel({
  id,
  draft,
  dirty,
}: {
  id: number
  draft: DraftState
  dirty: boolean
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const current = useQuery(currentEditionQueryOptions())
  const publish = usePublishEdition()
  const discard = useDeleteDraft()
  const [day, setDay] = useState('')
  const [time, setTime] = useState('')
  const [atError, setAtError] = useState<string | undefined>()
  const published = () => void navigate({ to: '/content' })

  function schedule() {
    const at = publishAtOf(day && time ? `${day}T${time}` : '', new Date())
    if ('error' in at) {
      setAtError(
        at.error === 'missing' ? t`Choose a day and a time.` : t`Choose a time in the future.`,
      )
      return
    }
    setAtError(undefined)
    publish.mutate({ id, at: at.at }, { onSuccess: published })
  }

  return (
    <section className={adminStyles.card} aria-labelledby="draft-publish-heading">
      <h2 id="draft-publish-heading">
        <Trans>Compare and publish</Trans>
      </h2>
      <h3>
        <Trans>Changes against the edition in use</Trans>
      </h3>
      {current.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : current.isError ? (
        <p role="alert">{current.error.message}</p>
      ) : (
        <EditionComparison inUse={draftOf(current.data)} draft={draft} />
      )}
      {dirty ? (
        <p className={styles.notice}>
          <Trans>Save the draft first: what is published is the saved draft.</Trans>
        </p>
      ) : (
        <>
          <p>
            {/* The saved draft in the real wizard, marked as a preview: nothing is stored. */}
            <Link to="/free-guided-trial" search={{ step: 1, preview: id }}>
              <Trans>Preview in the wizard</Trans>
            </Link>
          </p>
          <div className={styles.row}>
            <Button
              loading={publish.isPending}
              onClick={() => publish.mutate({ id }, { onSuccess: published })}
            >
              <Trans>Publish now</Trans>
            </Button>
          </div>
          <fieldset className={styles.answer}>
            <legend>
              <Trans>Publish at a day and time</Trans>
            </legend>
            <div className={adminStyles.filters}>
              <DateField label={t`Day`} value={day} onChange={setDay} required />
              <TextField
                label={t`Time`}
                type="time"
                required
                value={time}
                onChange={(event) => setTime(event.target.value)}
                error={atError}
              />
              <div className={adminStyles.actions}>
                <Button variant="secondary" loading={publish.isPending} onClick={schedule}>
                  <Trans>Schedule</Trans>
                </Button>
              </div>
            </div>
          </fieldset>
        </>
      )}
      <DangerButton
        label={<Trans>Discard draft</Trans>}
        pending={discard.isPending}
        title={<Trans>Discard the draft?</Trans>}
        description={
          <Trans>The draft and its changes are deleted. The edition in use stays.</Trans>
        }
        confirmLabel={<Trans>Yes, discard</Trans>}
        onConfirm={(done) =>
          discard.mutate(id, {
            onSuccess: () => {
              done()
              published()
            },
          })
        }
      />
    </section>
  )
}
