import { useState, type Dispatch } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { EditionListName } from '../../contract/content-requests.ts'
import { locales, type Locale } from '../../contract/locale.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/field.tsx'
import {
  addedId,
  canMove,
  isStructural,
  type DraftAction,
  type DraftAnswer,
  type NewAnswer,
} from './draft-edits.ts'
import { newAnswerErrors } from './draft-rules.ts'
import styles from './content-admin.module.css'

/** A field's error as shown: the rule's message, or the server's words. */
export type ErrorOf = (field: string) => string | undefined

export function useLocaleNames(): Record<Locale, string> {
  const { t } = useLingui()
  return { me: t`Montenegrin`, sr: t`Serbian`, en: t`English` }
}

/**
 * One list of a draft, closed until opened (or until it holds an error): each answer's three
 * labels, its place (up, down), and retire or restore; an answer added since the draft was opened
 * can be removed again. Below, a new answer: its key and its labels.
 */
export function AnswerList({
  list,
  title,
  answers,
  added,
  dispatch,
  errorOf,
}: {
  list: EditionListName
  title: string
  answers: readonly DraftAnswer[]
  added: readonly string[]
  dispatch: Dispatch<DraftAction>
  errorOf: ErrorOf
}) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale === 'me' || i18n.locale === 'sr' ? i18n.locale : 'en'
  const names = useLocaleNames()
  const failing = answers.some((_, index) =>
    ['key', 'active', 'swatch', ...locales.map((each) => `labels.${each}`)].some(
      (field) => errorOf(`lists.${list}.${index}.${field}`) !== undefined,
    ),
  )
  // Its answers are drawn once it is opened: the page stays light with fifteen lists.
  const [opened, setOpened] = useState(false)
  const open = opened || failing
  return (
    <details
      className={styles.list}
      open={open}
      onToggle={(event) => setOpened(event.currentTarget.open)}
    >
      <summary>
        {title} ({answers.length})
      </summary>
      {open &&
        answers.map((answer, index) => {
          const field = `lists.${list}.${index}`
          const name = answer.labels[locale] || answer.key
          const key = answer.key
          const structural = isStructural(list, key)
          const at = { list, index }
          return (
            <fieldset
              key={answer.key}
              className={answer.active ? styles.answer : `${styles.answer} ${styles.retired}`}
            >
              <legend>
                {answer.swatch !== undefined && (
                  <span className={styles.swatch} style={{ background: answer.swatch }} />
                )}
                {answer.key}
                {!answer.active && (
                  <>
                    {' '}
                    <Trans>(retired)</Trans>
                  </>
                )}
              </legend>
              {[errorOf(`${field}.key`), errorOf(`${field}.active`)].map(
                (error) =>
                  error && (
                    <p key={error} role="alert">
                      {error}
                    </p>
                  ),
              )}
              <div className={styles.labels}>
                {locales.map((each) => {
                  const language = names[each]
                  const key = answer.key
                  return (
                    <TextField
                      key={each}
                      label={t`${language} label of ${key}`}
                      required
                      maxLength={120}
                      value={answer.labels[each]}
                      onChange={(event) =>
                        dispatch({ type: 'relabel', ...at, locale: each, text: event.target.value })
                      }
                      error={errorOf(`${field}.labels.${each}`)}
                    />
                  )
                })}
                {answer.swatch !== undefined && (
                  <TextField
                    label={t`Swatch of ${key}`}
                    required
                    value={answer.swatch}
                    onChange={(event) =>
                      dispatch({ type: 'swatch', ...at, swatch: event.target.value })
                    }
                    error={errorOf(`${field}.swatch`)}
                  />
                )}
              </div>
              <div className={styles.row}>
                <Button
                  variant="ghost"
                  disabled={!canMove(answers, index, -1)}
                  aria-label={t`Move ${name} up`}
                  onClick={() => dispatch({ type: 'move', ...at, by: -1 })}
                >
                  <Trans>Up</Trans>
                </Button>
                <Button
                  variant="ghost"
                  disabled={!canMove(answers, index, 1)}
                  aria-label={t`Move ${name} down`}
                  onClick={() => dispatch({ type: 'move', ...at, by: 1 })}
                >
                  <Trans>Down</Trans>
                </Button>
                {added.includes(addedId(list, answer.key)) ? (
                  <Button
                    variant="secondary"
                    aria-label={t`Remove ${name}`}
                    onClick={() => dispatch({ type: 'remove', ...at })}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                ) : answer.active ? (
                  !structural && (
                    <Button
                      variant="secondary"
                      aria-label={t`Retire ${name}`}
                      onClick={() => dispatch({ type: 'setActive', ...at, active: false })}
                    >
                      <Trans>Retire</Trans>
                    </Button>
                  )
                ) : (
                  <Button
                    variant="secondary"
                    aria-label={t`Restore ${name}`}
                    onClick={() => dispatch({ type: 'setActive', ...at, active: true })}
                  >
                    <Trans>Restore</Trans>
                  </Button>
                )}
              </div>
            </fieldset>
          )
        })}
      {open && <NewAnswerForm list={list} title={title} answers={answers} dispatch={dispatch} />}
    </details>
  )
}

const blank: NewAnswer = { key: '', labels: { me: '', sr: '', en: '' } }

/** A new answer for the list: it joins before `other` once its key and labels pass the rules. */
function NewAnswerForm({
  list,
  title,
  answers,
  dispatch,
}: {
  list: EditionListName
  title: string
  answers: readonly DraftAnswer[]
  dispatch: Dispatch<DraftAction>
}) {
  const { t, i18n } = useLingui()
  const names = useLocaleNames()
  const colour = list === 'stickColors'
  const [answer, setAnswer] = useState<NewAnswer>(colour ? { ...blank, swatch: '' } : blank)
  const [tried, setTried] = useState(false)
  const errors = newAnswerErrors(list, answers, answer)
  const error = (field: string) => {
    const id = errors[field]
    return tried && id ? i18n._(id) : undefined
  }
  return (
    <fieldset className={styles.answer}>
      <legend>
        <Trans>New answer in {title}</Trans>
      </legend>
      <div className={styles.labels}>
        <TextField
          label={t`Key`}
          hint={t`Lower-case letters, digits and dashes; stored in trials, never shown.`}
          required
          maxLength={40}
          autoComplete="off"
          value={answer.key}
          onChange={(event) => setAnswer({ ...answer, key: event.target.value.trim() })}
          error={error('key')}
        />
        {locales.map((each) => {
          const language = names[each]
          return (
            <TextField
              key={each}
              label={t`${language} label`}
              required
              maxLength={120}
              autoComplete="off"
              value={answer.labels[each]}
              onChange={(event) =>
                setAnswer({ ...answer, labels: { ...answer.labels, [each]: event.target.value } })
              }
              error={error(`labels.${each}`)}
            />
          )
        })}
        {colour && (
          <TextField
            label={t`Swatch`}
            hint={t`# and 3 or 6 hexadecimal digits, such as #c9a878.`}
            required
            autoComplete="off"
            value={answer.swatch ?? ''}
            onChange={(event) => setAnswer({ ...answer, swatch: event.target.value.trim() })}
            error={error('swatch')}
          />
        )}
      </div>
      <div className={styles.row}>
        <Button
          variant="secondary"
          onClick={() => {
            setTried(true)
            if (Object.keys(errors).length > 0) return
            dispatch({ type: 'add', list, answer })
            setAnswer(colour ? { ...blank, swatch: '' } : blank)
            setTried(false)
          }}
        >
          <Trans>Add answer</Trans>
        </Button>
      </div>
    </fieldset>
  )
}
