import type { ComponentPropsWithRef } from 'react'
import { cx } from './cx.ts'
import { Spinner } from './spinner.tsx'
import styles from './button.module.css'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

export interface ButtonClassOptions {
  /** Full width of the container. */
  block?: boolean
  className?: string | undefined
}

const variantClass: Record<ButtonVariant, string | undefined> = {
  primary: styles.primary,
  secondary: styles.secondary,
  ghost: styles.ghost,
  danger: styles.danger,
}

/** The button look as a class name, for links styled as buttons (e.g. TanStack `<Link>`). */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  options: ButtonClassOptions = {},
): string {
  return cx(styles.button, variantClass[variant], options.block && styles.block, options.className)
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant
  /** Shows a spinner, sets aria-busy and disables the button until the work is done. */
  loading?: boolean
  block?: boolean
}

/** A button; `type` defaults to "button" so that it never submits a form by accident. */
export function Button({
  variant = 'primary',
  loading = false,
  block = false,
  disabled,
  className,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClass(variant, { block, className })}
    >
      {loading && <Spinner />}
      {children}
    </button>
  )
}
