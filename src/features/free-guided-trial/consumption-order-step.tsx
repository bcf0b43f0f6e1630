import type { Dispatch } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/button.tsx'
import { useEditionWords } from './use-edition-words.ts'
import type { WizardAction } from './wizard-actions.ts'
import type { WizardAnswers } from './wizard-state.ts'
import styles from './consumption-order-step.module.css'

/**
 * Step 10 of the guided trial (docs/behaviour.md#the-guided-trial): a button per stick colour of
 * the wizard's edition, in its swatch, with its place in the order; in multiple mode each click counts one more, and the place in the order
 * of tries stays shown beside the count; Clear starts again.
 */
export function ConsumptionOrderStep({
  answer,
  dispatch,
  labelledBy,
}: {
  answer: WizardAnswers['consumptionOrder']
  dispatch: Dispatch<WizardAction>
  labelledBy: string
}) {
  const { t } = useLingui()
  const { lists, label } = useEditionWords()
  const { order, multiple, counts } = answer
  return (
    <div className={styles.step}>
      <p className={styles.hint}>
        {multiple
          ? t`Each tap on a colour counts one more stick of it.`
          : t`Tap the colours in the order the customer tried them; tap again to take one out.`}
      </p>
      <div className={styles.tools}>
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={multiple}
          onClick={() => dispatch({ type: 'setMultiple', multiple: !multiple })}
        >
          <span className={styles.switch} aria-hidden="true" />
          {t`Multiple`}
        </button>
        <Button
          variant="secondary"
          disabled={order.length === 0}
          onClick={() => dispatch({ type: 'clearSticks' })}
        >
          {t`Clear`}
        </Button>
      </div>
      <div role="group" aria-labelledby={labelledBy} className={styles.grid}>
        {lists.stickColors.flatMap(({ key: color, active, swatch }) => {
          const place = order.indexOf(color) + 1
          const count = counts[color] ?? 0
          const chosen = place > 0
          if (!active) return []
          const name = label(lists.stickColors, color)
          return (
            <button
              key={color}
              type="button"
              aria-pressed={chosen}
              className={styles.stick}
              aria-label={
                !chosen
                  ? name
                  : multiple
                    ? t`${name}, order ${place}, count ${count}`
                    : t`${name}, order ${place}`
              }
              onClick={() => dispatch({ type: 'pickStick', color })}
            >
              <span className={styles.swatch} style={{ background: swatch }} aria-hidden="true" />
              <span className={styles.name}>{name}</span>
              {/* The marks are drawn from data attributes, not text: the button's name says the
                  place and the count in words, and a screen reader must not read them twice. */}
              {chosen && <span className={styles.badge} data-mark={place} aria-hidden="true" />}
              {chosen && multiple && (
                <span className={styles.count} data-mark={`×${count}`} aria-hidden="true" />
              )}
            </button>
          )
        })}
      </div>
    </div>
  )
}
