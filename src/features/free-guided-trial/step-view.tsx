import type { Dispatch, ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { EditionLists } from '../../contract/content-edition.ts'
import { parseLocale } from '../../contract/locale.ts'
import { shoppingAnswers } from '../../contract/trial-options.ts'
import { commentMaxLength } from '../../contract/trial.ts'
import { TextArea } from '../../ui/text-area.tsx'
import { StoreCombobox } from '../../ui/store-combobox.tsx'
import { ChipGroup, RadioTiles } from './choices.tsx'
import { ConsumptionOrderStep } from './consumption-order-step.tsx'
import { ContactStep } from './contact-step.tsx'
import { DeviceCombobox } from './device-combobox.tsx'
import { HtsStep, RmcStep } from './habit-steps.tsx'
import { ImpressionFields } from './impression-fields.tsx'
import { useEditionWords } from './use-edition-words.ts'
import { labelIn, shownKeys } from './wizard-edition.ts'
import { NoPurchaseStep, PurchaseStep } from './purchase-steps.tsx'
import type { WizardAction } from './wizard-actions.ts'
import { emptyStickImpression, type WizardState } from './wizard-state.ts'
import type { Step } from './wizard-steps.ts'
import styles from './steps.module.css'

/** The question a step asks, and a line of help under it; a stick's colour in `lists`' words. */
export function useStepText(step: Step, lists: EditionLists): { title: string; hint?: string } {
  const { t, i18n } = useLingui()
  const colourOf = (color: string) => labelIn(lists.stickColors, color, parseLocale(i18n.locale))
  switch (step.kind) {
    case 'store':
      return { title: t`Where does the trial take place?` }
    case 'gender':
      return { title: t`Gender` }
    case 'ageRange':
      return { title: t`Age group` }
    case 'habits':
      return { title: t`Habits`, hint: t`What does the customer use now? Choose all that apply.` }
    case 'habitsHTS':
      return {
        title: t`Heated tobacco (HTS)`,
        hint: t`Choose the brand family, then the pack the customer uses.`,
      }
    case 'habitsRMC':
      return {
        title: t`Cigarettes (RMC)`,
        hint: t`Choose the brand family and the pack, or write the brand.`,
      }
    case 'consumption':
      return { title: t`Consumption (cigarettes a day)` }
    case 'referalSource':
      return { title: t`How did the customer hear about us?`, hint: t`Choose all that apply.` }
    case 'email':
      return { title: t`Email and phone` }
    case 'consumptionOrder':
      return { title: t`Sticks tried` }
    case 'stickImpression': {
      const colour = colourOf(step.color)
      return { title: t`Impressions: ${colour}` }
    }
    case 'stickComment': {
      const colour = colourOf(step.color)
      return { title: t`Comment: ${colour}` }
    }
    case 'device':
      return { title: t`Device`, hint: t`The device the customer tried, and how they found it.` }
    case 'shopping':
      return { title: t`Did the customer buy?` }
    case 'shoppingSuccess':
      return { title: t`Successful purchase` }
    case 'shoppingUnsuccess':
      return { title: t`Unsuccessful purchase` }
  }
}

/** The controls of one step; every change is an action for the wizard's reducer. */
export function StepView({
  step,
  state,
  dispatch,
  headingId,
}: {
  step: Step
  state: WizardState
  dispatch: Dispatch<WizardAction>
  headingId: string
}): ReactNode {
  const { t } = useLingui()
  const { lists, label } = useEditionWords()
  const a = state.answers
  const next = () => dispatch({ type: 'next' })
  switch (step.kind) {
    case 'store':
      return (
        <StoreCombobox
          value={a.store}
          onChange={(store) => dispatch({ type: 'setStore', store })}
        />
      )
    case 'gender':
      return (
        <RadioTiles
          labelledBy={headingId}
          options={shownKeys(lists.genders)}
          label={(gender) => label(lists.genders, gender)}
          value={a.gender}
          onChange={(gender, advance) => dispatch({ type: 'setGender', gender, advance })}
          onConfirm={next}
        />
      )
    case 'ageRange':
      return (
        <RadioTiles
          labelledBy={headingId}
          options={shownKeys(lists.ageRanges)}
          columns={3}
          label={(range) => label(lists.ageRanges, range)}
          value={a.ageRange}
          onChange={(ageRange, advance) => dispatch({ type: 'setAgeRange', ageRange, advance })}
          onConfirm={next}
        />
      )
    case 'habits':
      return (
        <ChipGroup
          labelledBy={headingId}
          options={shownKeys(lists.habits)}
          label={(habit) => label(lists.habits, habit)}
          selected={a.habits}
          onToggle={(habit) => dispatch({ type: 'toggleHabit', habit })}
        />
      )
    case 'habitsHTS':
      return <HtsStep answer={a.habitsHTS} dispatch={dispatch} />
    case 'habitsRMC':
      return <RmcStep answer={a.habitsRMC} dispatch={dispatch} />
    case 'consumption':
      return (
        <RadioTiles
          labelledBy={headingId}
          options={shownKeys(lists.consumptions)}
          columns={4}
          label={(range) => label(lists.consumptions, range)}
          value={a.consumption}
          onChange={(consumption, advance) =>
            dispatch({ type: 'setConsumption', consumption, advance })
          }
          onConfirm={next}
        />
      )
    case 'referalSource':
      return (
        <ChipGroup
          labelledBy={headingId}
          options={shownKeys(lists.referralSources)}
          label={(source) => label(lists.referralSources, source)}
          selected={a.referalSource}
          onToggle={(source) => dispatch({ type: 'toggleReferralSource', source })}
        />
      )
    case 'email':
      return <ContactStep answer={a.email} country={state.country} dispatch={dispatch} />
    case 'consumptionOrder':
      return (
        <ConsumptionOrderStep
          answer={a.consumptionOrder}
          dispatch={dispatch}
          labelledBy={headingId}
        />
      )
    case 'stickImpression':
      return (
        <ImpressionFields
          answers={lists.stickImpressions}
          value={a.stickImpressions[step.color] ?? emptyStickImpression}
          onToggle={(pick) => dispatch({ type: 'toggleStickImpression', color: step.color, pick })}
        />
      )
    case 'stickComment': {
      const colour = label(lists.stickColors, step.color)
      return (
        <TextArea
          label={t`Comment on ${colour}`}
          rows={10}
          maxLength={commentMaxLength}
          value={a.stickComments[step.color] ?? ''}
          onChange={(event) =>
            dispatch({ type: 'setStickComment', color: step.color, comment: event.target.value })
          }
        />
      )
    }
    case 'device':
      return (
        <div className={styles.stack}>
          <DeviceCombobox
            label={t`Device`}
            value={a.device.product}
            onChange={(device) => dispatch({ type: 'setDevice', device })}
          />
          {a.device.product && (
            <ImpressionFields
              answers={lists.deviceImpressions}
              value={a.device.impressions}
              onToggle={(pick) => dispatch({ type: 'toggleDeviceImpression', pick })}
            />
          )}
        </div>
      )
    case 'shopping':
      return (
        <RadioTiles
          labelledBy={headingId}
          options={shoppingAnswers}
          label={(answer) => label(lists.shoppingAnswers, answer)}
          value={a.shopping}
          onChange={(shopping) => dispatch({ type: 'setShopping', shopping })}
          onConfirm={next}
        />
      )
    case 'shoppingSuccess':
      return <PurchaseStep answer={a.shoppingSuccess} dispatch={dispatch} />
    case 'shoppingUnsuccess':
      return <NoPurchaseStep answer={a.shoppingUnsuccess} dispatch={dispatch} />
  }
}
