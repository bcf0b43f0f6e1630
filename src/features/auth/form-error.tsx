import styles from './auth-form.module.css'

/** A form's error, read out as soon as it shows; nothing while there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className={styles.formError}>
      {message}
    </p>
  )
}
