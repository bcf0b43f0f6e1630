import { memo, useId, useState, type Dispatch } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { commentMaxLength } from '../../contract/trial.ts'
import { TextArea } from '../../ui/text-area.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { allProductsQueryOptions } from './catalogue-queries.ts'
import { ChipGroup } from './choices.tsx'
import { DeviceCombobox } from './device-combobox.tsx'
import { useEditionWords } from './use-edition-words.ts'
import { shownKeys } from './wizard-edition.ts'
import type { WizardAction } from './wizard-actions.ts'
import type { ChosenProduct, WizardAnswers } from './wizard-state.ts'
import styles from './steps.module.css'

/**
 * Step 14 of the guided trial (docs/behaviour.md#the-guided-trial): reasons, and what was bought (a
 * device and/or sticks). The wizard draws it ahead, hidden (use-steps-drawn.ts): it draws again only
 * when its own answer changes, not when Next shows it.
 */
export const PurchaseStep = memo(function PurchaseStep({
  answer,
  dispatch,
}: {
  answer: WizardAnswers['shoppingSuccess']
  dispatch: Dispatch<WizardAction>
}) {
  const { t } = useLingui()
  const { lists, label } = useEditionWords()
  const reasonsId = useId()
  const sticksId = useId()
  return (
    <div className={styles.stack}>
      <section className={styles.group} aria-labelledby={reasonsId}>
        <h3 id={reasonsId} className={styles.subheading}>
          {t`Why did the customer buy?`}
        </h3>
        <ChipGroup
          labelledBy={reasonsId}
          options={shownKeys(lists.purchaseReasons)}
          label={(reason) => label(lists.purchaseReasons, reason)}
          selected={answer.reason}
          onToggle={(reason) => dispatch({ type: 'togglePurchaseReason', reason })}
        />
      </section>
      <p className={styles.hint}>{t`Record the device bought, the sticks bought, or both.`}</p>
      <DeviceCombobox
        label={t`Device bought`}
        value={answer.device}
        onChange={(device) => dispatch({ type: 'setPurchaseDevice', device })}
      />
      <section className={styles.group} aria-labelledby={sticksId}>
        <h3 id={sticksId} className={styles.subheading}>
          {t`Sticks bought`}
        </h3>
        <StickQuantities
          sticks={answer.sticks}
          onChange={(stick, quantity) => dispatch({ type: 'setPurchaseStick', stick, quantity })}
        />
      </section>
    </div>
  )
})

/** Every stick product (all pages) with a quantity stepper. */
function StickQuantities({
  sticks,
  onChange,
}: {
  sticks: WizardAnswers['shoppingSuccess']['sticks']
  onChange: (stick: ChosenProduct, quantity: number) => void
}) {
  const { t } = useLingui()
  const products = useQuery(allProductsQueryOptions('Stick'))
  const fieldId = useId()
  if (products.isPending) return <Spinner label={t`Loading sticks…`} />
  if (products.isError) return <p role="alert">{products.error.message}</p>
  return (
    <ul role="list" className={styles.quantities}>
      {products.data.map((product) => (
        <StickRow
          key={product.id}
          id={`${fieldId}-${product.id}`}
          name={product.name}
          quantity={sticks.find((stick) => stick.id === product.id)?.quantity ?? 0}
          onChange={(quantity) => onChange({ id: product.id, name: product.name }, quantity)}
        />
      ))}
    </ul>
  )
}

/**
 * One stick product: its name, and − and + around its quantity. The quantity is a number field
 * once the stick is chosen or its 0 is tapped to type one; before that the 0 is a plain button:
 * eight number fields drawn at once made the step the wizard's slowest to appear. For the same
 * reason the name and the controls are one row of the list item, with no box around the stepper,
 * and the − is drawn only once there is a quantity to take from (its place is kept): the list of
 * sticks is most of what the step draws when it opens, and a − that could only be disabled was
 * a third of its buttons.
 */
function StickRow({
  id,
  name,
  quantity,
  onChange,
}: {
  id: string
  name: string
  quantity: number
  onChange: (quantity: number) => void
}) {
  const { t } = useLingui()
  const [editing, setEditing] = useState(false)
  const typed = quantity > 0 || editing
  return (
    <li className={styles.quantityRow} data-chosen={quantity > 0}>
      {typed ? (
        <label htmlFor={id} className={styles.quantityName}>
          {name}
        </label>
      ) : (
        <span className={styles.quantityName}>{name}</span>
      )}
      {typed && (
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t`One less ${name}`}
          disabled={quantity === 0}
          onClick={() => onChange(quantity - 1)}
        >
          −
        </button>
      )}
      {typed ? (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={99}
          className={styles.quantity}
          value={quantity}
          autoFocus={editing && quantity === 0}
          onChange={(event) => onChange(Number(event.target.value))}
          onFocus={(event) => {
            setEditing(true)
            event.target.select()
          }}
          onBlur={() => setEditing(false)}
        />
      ) : (
        <button
          type="button"
          className={styles.quantityNone}
          aria-label={t`Type the quantity of ${name}: 0`}
          onClick={() => setEditing(true)}
        >
          0
        </button>
      )}
      <button
        type="button"
        className={styles.stepButton}
        aria-label={t`One more ${name}`}
        disabled={quantity >= 99}
        onClick={() => onChange(quantity + 1)}
      >
        +
      </button>
    </li>
  )
}

/**
 * Step 14 of the guided trial (docs/behaviour.md#the-guided-trial): why the customer did not buy,
 * and a comment (10 rows). Drawn ahead as the purchase step is, and likewise kept.
 */
export const NoPurchaseStep = memo(function NoPurchaseStep({
  answer,
  dispatch,
}: {
  answer: WizardAnswers['shoppingUnsuccess']
  dispatch: Dispatch<WizardAction>
}) {
  const { t } = useLingui()
  const { lists, label } = useEditionWords()
  const reasonsId = useId()
  return (
    <div className={styles.stack}>
      <section className={styles.group} aria-labelledby={reasonsId}>
        <h3 id={reasonsId} className={styles.subheading}>
          {t`Why did the customer not buy?`}
        </h3>
        <ChipGroup
          labelledBy={reasonsId}
          options={shownKeys(lists.noPurchaseReasons)}
          label={(reason) => label(lists.noPurchaseReasons, reason)}
          selected={answer.reason}
          onToggle={(reason) => dispatch({ type: 'toggleNoPurchaseReason', reason })}
        />
      </section>
      <TextArea
        label={t`Comment`}
        rows={10}
        maxLength={commentMaxLength}
        value={answer.comment}
        onChange={(event) =>
          dispatch({ type: 'setNoPurchaseComment', comment: event.target.value })
        }
      />
    </div>
  )
})
