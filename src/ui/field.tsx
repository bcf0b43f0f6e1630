import { useState, type ComponentPropsWithRef, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { cx } from './cx.ts'
import { FieldMessages, LabelText, useFieldIds, type FieldMessageProps } from './field-parts.tsx'
import styles from './field.module.css'

export interface TextFieldProps
  extends Omit<ComponentPropsWithRef<'input'>, 'children'>, FieldMessageProps {
  label: ReactNode
  /** Under the input: how many characters are left (src/ui/length-limit.tsx's LimitedTextField). */
  counter?: ReactNode
}

interface InputFieldProps extends TextFieldProps {
  /** Something drawn inside the input's end, given the input's id (the password toggle). */
  end?: (inputId: string) => ReactNode
}

function InputField({
  label,
  error,
  hint,
  className,
  id: idProp,
  end,
  counter,
  ...props
}: InputFieldProps) {
  const ids = useFieldIds(idProp, { error, hint }, props['aria-describedby'])
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={ids.id} className={styles.label}>
        <LabelText label={label} required={props.required} />
      </label>
      <div className={styles.control}>
        <input
          {...props}
          id={ids.id}
          className={cx(styles.input, end && styles.inputWithEnd)}
          aria-invalid={error ? true : props['aria-invalid']}
          aria-describedby={ids.describedBy}
        />
        {end?.(ids.id)}
      </div>
      {counter}
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  )
}

/** A labelled text input with an optional hint and error below it. */
export function TextField(props: TextFieldProps) {
  return <InputField {...props} />
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>

/** A password input with a show/hide toggle button. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useLingui()
  const [visible, setVisible] = useState(false)
  return (
    <InputField
      autoCapitalize="none"
      spellCheck={false}
      {...props}
      type={visible ? 'text' : 'password'}
      end={(inputId) => (
        <button
          type="button"
          className={styles.endButton}
          aria-label={visible ? t`Hide password` : t`Show password`}
          aria-pressed={visible}
          aria-controls={inputId}
          disabled={props.disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      )}
    />
  )
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" strokeLinecap="round" />}
    </svg>
  )
}

export interface CheckboxFieldProps
  extends
    Omit<ComponentPropsWithRef<'input'>, 'type' | 'onChange' | 'children'>,
    FieldMessageProps {
  label: ReactNode
  onCheckedChange?: (checked: boolean) => void
}

/**
 * A native checkbox drawn as the design's box, with a real <label> beside it; the input covers
 * the whole 44 px touch target.
 */
export function CheckboxField({
  label,
  error,
  hint,
  className,
  id: idProp,
  onCheckedChange,
  ...props
}: CheckboxFieldProps) {
  const ids = useFieldIds(idProp, { error, hint }, props['aria-describedby'])
  return (
    <div className={cx(styles.field, className)}>
      <div className={styles.checkboxRow}>
        <span className={styles.checkbox}>
          <input
            {...props}
            type="checkbox"
            id={ids.id}
            className={styles.checkboxInput}
            aria-invalid={error ? true : props['aria-invalid']}
            aria-describedby={ids.describedBy}
            onChange={(event) => onCheckedChange?.(event.target.checked)}
          />
          <span className={styles.checkboxBox} aria-hidden="true">
            <svg className={styles.checkboxIndicator} viewBox="0 0 16 16" width="16" height="16">
              <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            </svg>
          </span>
        </span>
        <label htmlFor={ids.id} className={styles.checkboxLabel}>
          <LabelText label={label} required={props.required} />
        </label>
      </div>
      <FieldMessages hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  )
}
