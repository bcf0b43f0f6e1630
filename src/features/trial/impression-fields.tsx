import { useId, type Dispatch } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import {
  deviceImpressions,
  stickImpressions,
  type StickColor,
} from '../../contract/trial-options.ts'
import { ChipGroup } from './choices.tsx'
import { deviceImpressionLabels, stickImpressionLabels } from '../../contract/trial-labels.ts'
import type { WizardAction } from './wizard-actions.ts'
import type { DeviceImpression, StickImpression } from './wizard-state.ts'
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
 * A stick's impressions: 9 positive, 12 negative, 2 neutral
 * (docs/behaviour.md#constants-and-limits).
 */
export function StickImpressionFields({
  color,
  value,
  dispatch,
}: {
  color: StickColor
  value: StickImpression
  dispatch: Dispatch<WizardAction>
}) {
  const { t } = useLingui()
  return (
    <div className={styles.stack}>
      <ImpressionGroup
        title={t`Positive`}
        options={stickImpressions.positive}
        labels={stickImpressionLabels.positive}
        selected={value.positive}
        onToggle={(option) =>
          dispatch({ type: 'toggleStickImpression', color, pick: { group: 'positive', option } })
        }
      />
      <ImpressionGroup
        title={t`Negative`}
        options={stickImpressions.negative}
        labels={stickImpressionLabels.negative}
        selected={value.negative}
        onToggle={(option) =>
          dispatch({ type: 'toggleStickImpression', color, pick: { group: 'negative', option } })
        }
      />
      <ImpressionGroup
        title={t`Neutral`}
        options={stickImpressions.neutral}
        labels={stickImpressionLabels.neutral}
        selected={value.neutral}
        onToggle={(option) =>
          dispatch({ type: 'toggleStickImpression', color, pick: { group: 'neutral', option } })
        }
      />
    </div>
  )
}

/**
 * A device's impressions: 9 positive, 8 negative, 2 neutral
 * (docs/behaviour.md#constants-and-limits).
 */
export function DeviceImpressionFields({
  value,
  dispatch,
}: {
  value: DeviceImpression
  dispatch: Dispatch<WizardAction>
}) {
  const { t } = useLingui()
  return (
    <div className={styles.stack}>
      <ImpressionGroup
        title={t`Positive`}
        options={deviceImpressions.positive}
        labels={deviceImpressionLabels.positive}
        selected={value.positive}
        onToggle={(option) =>
          dispatch({ type: 'toggleDeviceImpression', pick: { group: 'positive', option } })
        }
      />
      <ImpressionGroup
        title={t`Negative`}
        options={deviceImpressions.negative}
        labels={deviceImpressionLabels.negative}
        selected={value.negative}
        onToggle={(option) =>
          dispatch({ type: 'toggleDeviceImpression', pick: { group: 'negative', option } })
        }
      />
      <ImpressionGroup
        title={t`Neutral`}
        options={deviceImpressions.neutral}
        labels={deviceImpressionLabels.neutral}
        selected={value.neutral}
        onToggle={(option) =>
          dispatch({ type: 'toggleDeviceImpression', pick: { group: 'neutral', option } })
        }
      />
    </div>
  )
}
