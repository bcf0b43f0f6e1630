import { useReducer, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '../../api/api-error.ts'
import { editionListNames } from '../../contract/content-requests.ts'
import { locales } from '../../contract/locale.ts'
import { Button } from '../../ui/button.tsx'
import { CheckboxField } from '../../ui/field.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import adminStyles from '../../ui/admin/admin.module.css'
import { AnswerList, useLocaleNames } from './answer-list.tsx'
import {
  contentKeys,
  editionQueryOptions,
  useSaveDraft,
  type TaggedEdition,
} from './content-queries.ts'
import { draftOf, draftReducer, updateBodyOf, type DraftState } from './draft-edits.ts'
import { draftErrors } from './draft-rules.ts'
import { useListTitles } from './list-titles.ts'
import { PublishPanel } from './publish-panel.tsx'
import styles from './content-admin.module.css'

const sameContent = (id: number, a: DraftState, b: DraftState) =>
  JSON.stringify(updateBodyOf(id, a)) === JSON.stringify(updateBodyOf(id, b))

/**
 * A draft's editor (docs/behaviour.md#screens-and-routes): every list of the wizard, the consents'
 * texts and the auto-tick; Save names the version it started from, so that another admin's save
 * in between is told (412) rather than overwritten, and the edits stay on screen. Publishing
 * takes the saved draft: it waits until the edits are saved.
 */
export function DraftEditor({ tagged }: { tagged: TaggedEdition }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const titles = useListTitles()
  const names = useLocaleNames()
  const id = tagged.edition.id
  const [saved, setSaved] = useState(() => draftOf(tagged.edition))
  const [draft, dispatch] = useReducer(draftReducer, tagged.edition, draftOf)
  const [etag, setEtag] = useState(tagged.etag)
  const [stale, setStale] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const save = useSaveDraft(etag)
  const errors = draftErrors(draft)
  const errorOf = (field: string) => {
    const rule = errors[field]
    if (submitted && rule) return i18n._(rule)
    return serverErrors[field]
  }
  const dirty = !sameContent(id, draft, saved)

  function onSave() {
    setSubmitted(true)
    if (Object.keys(errors).length > 0) return
    save.mutate(updateBodyOf(id, draft), {
      onSuccess: (answer) => {
        setEtag(answer.etag)
        setSaved(draftOf(answer.edition))
        setServerErrors({})
        setStale(false)
        setSubmitted(false)
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return
        if (error.status === 412) setStale(true)
        setServerErrors(
          Object.fromEntries(error.invalidFields.map(({ field, message }) => [field, message])),
        )
      },
    })
  }

  async function loadLatest() {
    const latest = await queryClient.query({ ...editionQueryOptions(id), staleTime: 0 })
    dispatch({ type: 'load', edition: latest.edition })
    setSaved(draftOf(latest.edition))
    setEtag(latest.etag)
    setStale(false)
    setServerErrors({})
    setSubmitted(false)
    void queryClient.invalidateQueries({ queryKey: contentKeys.list() })
  }

  const failing = submitted && Object.keys(errors).length > 0
  return (
    <>
      <section className={adminStyles.card} aria-labelledby="draft-lists-heading">
        <h2 id="draft-lists-heading">
          <Trans>Answer lists</Trans>
        </h2>
        <p className={adminStyles.hint}>
          <Trans>
            Open a list to reword, reorder, add, retire or restore its answers. Answers steering the
            wizard and "Other" cannot be retired; published answers are retired, never removed.
          </Trans>
        </p>
        <div className={styles.lists}>
          {editionListNames.map((list) => (
            <AnswerList
              key={list}
              list={list}
              title={titles.list(list)}
              answers={draft.lists[list]}
              added={draft.added}
              dispatch={dispatch}
              errorOf={errorOf}
            />
          ))}
        </div>
      </section>
      <section className={adminStyles.card} aria-labelledby="draft-consents-heading">
        <h2 id="draft-consents-heading">
          <Trans>Consents</Trans>
        </h2>
        {(['privacyPolicy', 'analizeData'] as const).map((consent) => (
          <fieldset key={consent} className={styles.answer}>
            <legend>{titles.consent(consent)}</legend>
            {locales.map((locale) => {
              const text = titles.consent(consent)
              const language = names[locale]
              return (
                <TextArea
                  key={locale}
                  label={t`${text}: ${language}`}
                  required
                  maxLength={2000}
                  value={draft.consents[consent][locale]}
                  onChange={(event) =>
                    dispatch({ type: 'consentText', consent, locale, text: event.target.value })
                  }
                  error={errorOf(`consents.${consent}.${locale}`)}
                />
              )
            })}
          </fieldset>
        ))}
        <CheckboxField
          label={t`A valid email or phone ticks both consents`}
          checked={draft.consentAutoTick}
          onCheckedChange={(value) => dispatch({ type: 'autoTick', value })}
        />
      </section>
      <section className={adminStyles.card} aria-labelledby="draft-save-heading">
        <h2 id="draft-save-heading">
          <Trans>Save</Trans>
        </h2>
        {stale && (
          <div role="alert" className={styles.notice}>
            <p>
              <Trans>
                Another admin saved this draft meanwhile, so yours was not saved. Your changes are
                still on this page; loading the latest version shows theirs instead.
              </Trans>
            </p>
            <Button variant="secondary" onClick={() => void loadLatest()}>
              <Trans>Load the latest version</Trans>
            </Button>
          </div>
        )}
        {failing && (
          <p role="alert">
            <Trans>Some fields need attention: they are marked in their lists.</Trans>
          </p>
        )}
        <p className={adminStyles.hint}>
          {dirty ? <Trans>There are unsaved changes.</Trans> : <Trans>Everything is saved.</Trans>}
        </p>
        <Button loading={save.isPending} onClick={onSave}>
          <Trans>Save draft</Trans>
        </Button>
      </section>
      <PublishPanel id={id} draft={saved} dirty={dirty} />
    </>
  )
}
