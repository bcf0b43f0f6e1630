import type { ComponentPropsWithRef, ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { cx } from './cx.ts'
import { FieldMessages, LabelText, useFieldIds, type FieldMessageProps } from './field-parts.tsx'
import { useFormat } from './use-format.ts'
import styles from './field.module.css'

export interface TextAreaProps
  extends Omit<ComponentPropsWithRef<'textarea'>, 'children' | 'value'>, FieldMessageProps {
  label: ReactNode
  value: string
  /**
   * The most characters the text may have: a counter shows how many are typed, and past the limit
   * the field says so. Nothing typed or pasted is ever cut off (the form refuses it instead).
   */
  maxLength?: number
}

/** Whether a text is within a field's `maxLength`. */
export function fitsLength(text: string, maxLength: number): boolean {
  return text.length <= maxLength
}

/** A labelled multi-line text input (`rows` defaults to 4). */
export function TextArea({
  label,
  error,
  hint,
  className,
  id: idProp,
  rows = 4,
  maxLength,
  ...props
}: TextAreaProps) {
  const { t } = useLingui()
  const format = useFormat()
  const over = maxLength !== undefined && !fitsLength(props.value, maxLength)
  const count = format.number(props.value.length)
  const most = maxLength === undefined ? '' : format.number(maxLength)
  const shownError =
    error ?? (over ? t`At most ${most} characters: this text has ${count}.` : undefined)
  const ids = useFieldIds(idProp, { error: shownError, hint }, props['aria-describedby'])
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={ids.id} className={styles.label}>
        <LabelText label={label} required={props.required} />
      </label>
      <textarea
        {...props}
        id={ids.id}
        rows={rows}
        className={cx(styles.input, styles.textarea)}
        aria-invalid={shownError ? true : props['aria-invalid']}
        aria-describedby={ids.describedBy}
      />
      {maxLength !== undefined && (
        <p className={styles.counter} data-over={over || undefined} aria-hidden="true">
          {count} / {most}
        </p>
      )}
      <FieldMessages hint={hint} error={shownError} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  )
}
