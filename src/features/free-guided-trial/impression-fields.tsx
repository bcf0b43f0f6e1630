import { useId } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { ChipGroup } from './choices.tsx'
import type { ImpressionGroupName, ImpressionLists, PickOf } from './wizard-actions.ts'
import styles from './steps.module.css'

function ImpressionGroup<T extends string>({
  title,
  options,
  labels,
  selected,
  onToggle,
}: {
  title: string
  options: readonly T[]
  labels: Record<T, MessageDescriptor>
  selected: readonly T[]
  onToggle: (option: T) => void
}) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h3 id={id} className={styles.subheading}>
        {title}
      </h3>
      <ChipGroup
        labelledBy={id}
        options={options}
        label={(option) => i18n._(labels[option])}
        selected={selected}
        onToggle={onToggle}
      />
    </section>
  )
}

/**
 * The three impression lists of a stick (9 positive, 12 negative, 2 neutral) or of a device (9
 * positive, 8 negative, 2 neutral) (docs/behaviour.md#constants-and-limits), each a group of chips.
 */
export function ImpressionFields<O extends ImpressionLists>({
  options,
  labels,
  value,
  onToggle,
}: {
  options: O
  labels: { [G in ImpressionGroupName]: Record<O[G][number], MessageDescriptor> }
  value: { [G in ImpressionGroupName]: readonly O[G][number][] }
  onToggle: (pick: PickOf<O>) => void
}) {
  const { t } = useLingui()
  return (
    <div className={styles.stack}>
      <ImpressionGroup
        title={t`Positive`}
        options={options.positive}
        labels={labels.positive}
        selected={value.positive}
        onToggle={(option) => onToggle({ group: 'positive', option })}
      />
      <ImpressionGroup
        title={t`Negative`}
        options={options.negative}
        labels={labels.negative}
        selected={value.negative}
        onToggle={(option) => onToggle({ group: 'negative', option })}
      />
      <ImpressionGroup
        title={t`Neutral`}
        options={options.neutral}
        labels={labels.neutral}
        selected={value.neutral}
        onToggle={(option) => onToggle({ group: 'neutral', option })}
      />
    </div>
  )
}
