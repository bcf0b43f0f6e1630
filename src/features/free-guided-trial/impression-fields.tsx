import { useId } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { EditionAnswer } from '../../contract/content-edition.ts'
import { ChipGroup } from './choices.tsx'
import { useEditionWords } from './use-edition-words.ts'
import { shownKeys } from './wizard-edition.ts'
import type { ImpressionGroupName, ImpressionPick } from './wizard-actions.ts'
import styles from './steps.module.css'

function ImpressionGroup({
  title,
  answers,
  selected,
  onToggle,
}: {
  title: string
  answers: readonly EditionAnswer[]
  selected: readonly string[]
  onToggle: (option: string) => void
}) {
  const { label } = useEditionWords()
  const id = useId()
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h3 id={id} className={styles.subheading}>
        {title}
      </h3>
      <ChipGroup
        labelledBy={id}
        options={shownKeys(answers)}
        label={(option) => label(answers, option)}
        selected={selected}
        onToggle={onToggle}
      />
    </section>
  )
}

/**
 * The three impression lists of a stick or of the device, as the wizard's edition has them
 * (docs/behaviour.md#constants-and-limits), each a group of chips.
 */
export function ImpressionFields({
  answers,
  value,
  onToggle,
}: {
  answers: Record<ImpressionGroupName, readonly EditionAnswer[]>
  value: Record<ImpressionGroupName, readonly string[]>
  onToggle: (pick: ImpressionPick) => void
}) {
  const { t } = useLingui()
  return (
    <div className={styles.stack}>
      <ImpressionGroup
        title={t`Positive`}
        answers={answers.positive}
        selected={value.positive}
        onToggle={(option) => onToggle({ group: 'positive', option })}
      />
      <ImpressionGroup
        title={t`Negative`}
        answers={answers.negative}
        selected={value.negative}
        onToggle={(option) => onToggle({ group: 'negative', option })}
      />
      <ImpressionGroup
        title={t`Neutral`}
        answers={answers.neutral}
        selected={value.neutral}
        onToggle={(option) => onToggle({ group: 'neutral', option })}
      />
    </div>
  )
}
