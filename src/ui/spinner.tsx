import { cx } from './cx.ts'
import styles from './spinner.module.css'

export interface SpinnerProps {
  /** Read to screen readers (role=status). Without it the spinner is decorative (aria-hidden). */
  label?: string
  /** A CSS length; defaults to 1.25em so that it follows the surrounding text. */
  size?: string
  className?: string
}

/** A turning ring in the current text colour. */
export function Spinner({ label, size, className }: SpinnerProps) {
  const style = size ? { width: size, height: size } : undefined
  if (!label)
    return <span className={cx(styles.spinner, className)} style={style} aria-hidden="true" />
  return (
    <span role="status" className={cx(styles.labelled, className)}>
      <span className={styles.spinner} style={style} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  )
}
