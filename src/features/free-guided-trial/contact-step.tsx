import { useState, type Dispatch, type KeyboardEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { messages } from '../../contract/messages.ts'
import type { Country } from '../../contract/stores.ts'
import { countryPhone, phoneMessage, typedAfterPrefix } from '../../contract/phone.ts'
import { usePhoneHint } from '../../ui/phone-hint.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialogOnDemand } from '../../ui/confirm-dialog-on-demand.tsx'
import { CheckboxField, TextField } from '../../ui/field.tsx'
import { FieldMessages, LabelText, useFieldIds } from '../../ui/field-parts.tsx'
import { useEditionWords } from './use-edition-words.ts'
import type { WizardAction } from './wizard-actions.ts'
import type { ContactAnswer } from './wizard-state.ts'
import { contactChecks, hasUnconfirmedPhone } from './wizard-steps.ts'
import styles from './contact-step.module.css'

type Status = 'valid' | 'invalid' | null

/**
 * Step 9 of the guided trial (docs/behaviour.md#the-guided-trial): email and phone, each checked
 * with OK; the consents; "No email", which asks before going on without a phone not confirmed.
 */
export function ContactStep({
  answer,
  country,
  dispatch,
}: {
  answer: ContactAnswer
  /** The trial's store's country: the phone's calling code and rule. */
  country: Country
  dispatch: Dispatch<WizardAction>
}) {
  const { t, i18n } = useLingui()
  // The consents' texts and whether OK ticks them are the content edition's; a consent records the
  // locale its text is shown in.
  const { edition, locale } = useEditionWords()
  const { consents } = edition
  const shown = { locale, autoTick: edition.consentAutoTick }
  const checks = contactChecks(answer, country)
  // "No email" with a phone typed but not confirmed asks before going on without it.
  const [askingSkip, setAskingSkip] = useState(false)
  const phone = countryPhone[country]
  // The hint says what a number of the store's country looks like; the error states its rule.
  const phoneHint = usePhoneHint()
  const phoneRule = i18n._(phoneMessage[phone.rule])
  const emailStatus: Status = answer.emailChecked ? (checks.email ? 'valid' : 'invalid') : null
  const phoneStatus: Status = answer.phoneChecked ? (checks.phone ? 'valid' : 'invalid') : null
  const required = i18n._(messages.required.id)
  const emailError =
    emailStatus === 'invalid'
      ? checks.email === null
        ? required
        : i18n._(messages.email.id)
      : undefined
  const phoneError =
    phoneStatus === 'invalid' ? (checks.phone === null ? required : phoneRule) : undefined
  // Errors show only after OK (docs/behaviour.md#the-guided-trial); the consents' once a contact
  // passed its OK.
  const confirmed = emailStatus === 'valid' || phoneStatus === 'valid'
  const onEnter = (check: () => void) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      check()
    }
  }

  return (
    <div className={styles.contact}>
      <div className={styles.row}>
        <TextField
          className={styles.grow}
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          label={t`Email`}
          value={answer.email}
          error={emailError}
          onChange={(event) => dispatch({ type: 'setEmail', email: event.target.value })}
          onKeyDown={onEnter(() => dispatch({ type: 'checkEmail', shown }))}
        />
        <CheckButton
          label={t`OK, check the email`}
          status={emailStatus}
          onCheck={() => dispatch({ type: 'checkEmail', shown })}
        />
      </div>
      <div className={styles.row}>
        <PhoneField
          prefix={typedAfterPrefix(answer.phone) ? phone.prefix : undefined}
          label={t`Phone`}
          hint={phoneHint(country)}
          value={answer.phone}
          error={phoneError}
          onChange={(phone) => dispatch({ type: 'setPhone', phone })}
          onKeyDown={onEnter(() => dispatch({ type: 'checkPhone', shown }))}
        />
        <CheckButton
          label={t`OK, check the phone`}
          status={phoneStatus}
          onCheck={() => dispatch({ type: 'checkPhone', shown })}
        />
      </div>
      <div className={styles.consents}>
        <CheckboxField
          label={consents.privacyPolicy[locale]}
          required
          checked={answer.privacyPolicy}
          onCheckedChange={(value) =>
            dispatch({ type: 'setConsent', consent: 'privacyPolicy', checked: value, locale })
          }
          error={confirmed && !answer.privacyPolicy ? required : undefined}
        />
        <CheckboxField
          label={consents.analizeData[locale]}
          required
          checked={answer.analizeData}
          onCheckedChange={(value) =>
            dispatch({ type: 'setConsent', consent: 'analizeData', checked: value, locale })
          }
          error={confirmed && !answer.analizeData ? required : undefined}
        />
      </div>
      <div>
        <Button
          variant="secondary"
          onClick={() =>
            hasUnconfirmedPhone(answer, country)
              ? setAskingSkip(true)
              : dispatch({ type: 'skipEmail' })
          }
        >
          {t`No email`}
        </Button>
      </div>
      <ConfirmDialogOnDemand
        open={askingSkip}
        onOpenChange={setAskingSkip}
        title={t`Go on without the phone?`}
        description={t`The phone was not confirmed with OK, so it is not kept with the trial. To keep it, confirm it with OK first.`}
        cancelLabel={t`Stay and confirm the phone`}
        confirmLabel={t`Go on without the phone`}
        onConfirm={() => {
          setAskingSkip(false)
          dispatch({ type: 'skipEmail' })
        }}
      />
    </div>
  )
}

/** OK checks the field before it, and its result shows (and is read out) beside it. */
function CheckButton({
  label,
  status,
  onCheck,
}: {
  label: string
  status: Status
  onCheck: () => void
}) {
  return (
    <>
      <Button variant="secondary" aria-label={label} onClick={onCheck}>
        OK
      </Button>
      <Badge status={status} />
    </>
  )
}

/** The result of OK, read out when it appears. */
function Badge({ status }: { status: Status }) {
  return (
    <span role="status" className={styles.badgeSlot}>
      {status === 'valid' && (
        <span className={styles.badge} data-status="valid">
          <Trans>Valid</Trans>
        </span>
      )}
      {status === 'invalid' && (
        <span className={styles.badge} data-status="invalid">
          <Trans>Invalid</Trans>
        </span>
      )}
    </span>
  )
}

/**
 * A telephone input with the store's country calling code in front of what is typed after it;
 * a whole number typed (`06…`, `+…`) is shown alone, as typed.
 */
function PhoneField(props: {
  prefix: string | undefined
  label: string
  hint: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
  onKeyDown: (event: KeyboardEvent) => void
}) {
  const ids = useFieldIds(undefined, { error: props.error, hint: props.hint })
  const prefixId = `${ids.id}-prefix`
  return (
    <div className={styles.phone}>
      <label htmlFor={ids.id} className={styles.label}>
        <LabelText label={props.label} required={false} />
      </label>
      <div className={styles.prefixed} data-invalid={props.error ? true : undefined}>
        {props.prefix && (
          <span id={prefixId} className={styles.prefix}>
            {props.prefix}
          </span>
        )}
        <input
          id={ids.id}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          className={styles.input}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={[props.prefix && prefixId, ids.describedBy].filter(Boolean).join(' ')}
          onChange={(event) => props.onChange(event.target.value)}
          onKeyDown={props.onKeyDown}
        />
      </div>
      <FieldMessages
        hint={props.hint}
        error={props.error}
        hintId={ids.hintId}
        errorId={ids.errorId}
      />
    </div>
  )
}
