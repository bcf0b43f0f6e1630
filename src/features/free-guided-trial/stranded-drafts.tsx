import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { StrandedDraft } from '../../offline/database.ts'
import { Button } from '../../ui/button.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { readableAnswers } from './stranded-answers.ts'
import { discardStrandedDraft } from './wizard-draft.ts'
import styles from './stranded-drafts.module.css'

/**
 * Trials in progress that this build could not restore (docs/behaviour.md#offline): each is shown
 * as "could not be restored" with its answers as they were kept, so that they can be entered
 * again, and goes only when its author discards it.
 */
export function StrandedDrafts({ drafts }: { drafts: StrandedDraft[] }) {
  const [shown, setShown] = useState(drafts)
  if (shown.length === 0) return null
  const discarded = (id: number | undefined) =>
    setShown((list) => list.filter((draft) => draft.id !== id))
  return (
    <section className={styles.stranded}>
      {shown.map((draft) => (
        <Stranded key={draft.id} draft={draft} onDiscarded={() => discarded(draft.id)} />
      ))}
    </section>
  )
}

function Stranded({ draft, onDiscarded }: { draft: StrandedDraft; onDiscarded: () => void }) {
  const { t } = useLingui()
  const format = useFormat()
  const when = format.dateTime(draft.updatedAt)
  const version = draft.appVersion
  const lines = readableAnswers(draft.state)
  const discard = () => {
    if (!window.confirm(t`Discard this trial in progress? Its answers will be gone.`)) return
    const { id } = draft
    if (id === undefined) return
    void discardStrandedDraft(id).then(onDiscarded)
  }
  return (
    <article className={styles.draft} role="alert">
      <h2 className={styles.title}>
        <Trans>A trial in progress could not be restored</Trans>
      </h2>
      <p>
        {version ? (
          <Trans>
            It was last changed on {when} with version {version} of the app, and this version cannot
            continue it. Its answers are kept below: enter them again in a new trial.
          </Trans>
        ) : (
          <Trans>
            It was last changed on {when} with an earlier version of the app, and this version
            cannot continue it. Its answers are kept below: enter them again in a new trial.
          </Trans>
        )}
      </p>
      <dl className={styles.answers}>
        {lines.map((line) => (
          <div key={line.path} className={styles.answer}>
            <dt>{line.path}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <Button variant="danger" onClick={discard}>
          <Trans>Discard it</Trans>
        </Button>
      </div>
    </article>
  )
}
