import { useId, type ReactNode } from 'react'
import styles from './field.module.css'

export interface FieldMessageProps {
  /** A translated error message; shown below the control, which gets aria-invalid. */
  error?: string | undefined
  /** A translated help text shown below the label's control. */
  hint?: ReactNode | undefined
}

/**
 * Ids that tie a control to its hint and error: `describedBy` joins the hint, the error and any
 * aria-describedby the caller passed, so that screen readers read them with the control.
 */
export function useFieldIds(
  idProp: string | undefined,
  { error, hint }: FieldMessageProps,
  describedBy?: string,
) {
  const generated = useId()
  const id = idProp ?? generated
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const joined = [describedBy, hintId, errorId].filter(Boolean).join(' ')
  return { id, hintId, errorId, describedBy: joined || undefined }
}

export function FieldMessages({
  hintId,
  errorId,
  hint,
  error,
}: FieldMessageProps & { hintId: string | undefined; errorId: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          <svg
            viewBox="0 0 20 20"
            width="16"
            height="16"
            aria-hidden="true"
            className={styles.errorIcon}
          >
            <circle cx="10" cy="10" r="9" fill="currentColor" />
            <path d="M10 5v6M10 14v1" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {error}
        </p>
      )}
    </>
  )
}

/** The visible label text; a required field gets a decorative star (the control says "required"). */
export function LabelText({
  label,
  required,
}: {
  label: ReactNode
  required: boolean | undefined
}) {
  return (
    <>
      {label}
      {required && (
        <span className={styles.required} aria-hidden="true">
          {' *'}
        </span>
      )}
    </>
  )
}
