import type { ComponentPropsWithRef, ReactNode } from 'react'
import { cx } from './cx.ts'
import { FieldMessages, LabelText, useFieldIds, type FieldMessageProps } from './field-parts.tsx'
import { useLengthLimit } from './length-limit.tsx'
import styles from './field.module.css'

export interface TextAreaProps
  extends Omit<ComponentPropsWithRef<'textarea'>, 'children' | 'value'>, FieldMessageProps {
  label: ReactNode
  value: string
  /**
   * The most characters the text may have: near it a counter says how many are left, and past it
   * the field says so (src/ui/length-limit.tsx). Nothing typed or pasted is ever cut off (the form
   * refuses it instead).
   */
  maxLength?: number
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
  const limit = useLengthLimit(props.value, maxLength)
  const shownError = error ?? limit.error
  const describedBy = [props['aria-describedby'], limit.counterId].filter(Boolean).join(' ')
  const ids = useFieldIds(idProp, { error: shownError, hint }, describedBy || undefined)
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
      {limit.counter}
      <FieldMessages hint={hint} error={shownError} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  )
}
