import { Trans, useLingui } from '@lingui/react/macro'
import type { Edition } from '../../contract/content-edition.ts'
import { editionList, editionListNames } from '../../contract/content-requests.ts'
import { Button } from '../../ui/button.tsx'
import { useFormat } from '../../ui/use-format.ts'
import adminStyles from '../../ui/admin/admin.module.css'
import { useCancelEdition } from './content-queries.ts'
import { useStateName } from './edition-state.ts'
import { useListTitles } from './list-titles.ts'
import styles from './content-admin.module.css'

/** An edition's state: who published (or scheduled) it and when; a scheduled one can be cancelled. */
export function EditionStatus({ edition }: { edition: Edition }) {
  const format = useFormat()
  const stateName = useStateName()
  const cancel = useCancelEdition()
  const by = edition.publishedBy?.fullname ?? '—'
  const state = stateName(edition.state)
  const time = edition.state === 'scheduled' ? edition.publishAt : edition.publishedAt
  const at = time ? format.dateTime(time) : ''
  return (
    <section className={adminStyles.card} aria-labelledby="edition-state-heading">
      <h2 id="edition-state-heading">
        <Trans>State: {state}</Trans>
      </h2>
      {edition.state === 'scheduled' && time && (
        <>
          <p>
            <Trans>
              Scheduled by {by} to be published at {at}.
            </Trans>
          </p>
          <Button
            variant="secondary"
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ id: edition.id })}
          >
            <Trans>Cancel the publication</Trans>
          </Button>
        </>
      )}
      {edition.state !== 'scheduled' && time && (
        <p>
          <Trans>
            Published by {by} at {at}.
          </Trans>
        </p>
      )}
    </section>
  )
}

/** An edition that is no draft: its lists and consents, to read. */
export function EditionContentView({ edition }: { edition: Edition }) {
  const { i18n } = useLingui()
  const titles = useListTitles()
  const locale = i18n.locale === 'me' || i18n.locale === 'sr' ? i18n.locale : 'en'
  return (
    <section className={adminStyles.card} aria-labelledby="edition-lists-heading">
      <h2 id="edition-lists-heading">
        <Trans>Answer lists</Trans>
      </h2>
      <div className={styles.lists}>
        {editionListNames.map((list) => {
          const answers = editionList(edition.lists, list)
          return (
            <details key={list} className={styles.list}>
              <summary>
                {titles.list(list)} ({answers.length})
              </summary>
              <ul>
                {answers.map((answer) => (
                  <li key={answer.key}>
                    {answer.labels[locale]} ({answer.key})
                    {!answer.active && (
                      <>
                        {' '}
                        <Trans>(retired)</Trans>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </details>
          )
        })}
      </div>
    </section>
  )
}
