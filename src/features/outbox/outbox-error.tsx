import { useLingui } from '@lingui/react/macro'
import { messages } from '../../contract/messages.ts'
import type { KeptError } from '../../offline/outbox/index.ts'
import styles from './outbox-list.module.css'

/**
 * The last error of a queued trial, from its kept code: the message in the reader's language,
 * what to do about it, and the request's reference for support.
 */
export function OutboxError({
  error,
  message,
  advised = true,
}: {
  error: KeptError
  message: string | null
  /** Whether to say what to do: a trial going to the office says so itself. */
  advised?: boolean
}) {
  const { i18n, t } = useLingui()
  const translated = i18n._(error.code)
  // A code the app has no text for (a proxy's answer): the text kept when it came, if any.
  const text =
    translated === error.code ? (message ?? i18n._(messages.unknownError.id)) : translated
  const reference = error.requestId?.slice(0, 8)
  return (
    <div className={styles.error}>
      <p>{text}</p>
      {advised && <p className={styles.advice}>{advice(error.status)}</p>}
      {reference && <p className={styles.reference}>{t`Reference: ${reference}`}</p>}
    </div>
  )

  function advice(status: number): string {
    if (status === 0) return t`It is sent by itself as soon as the device has a connection.`
    if (status === 401) return t`Sign in again: it is sent right after.`
    if (status === -1 || status === 409 || status === 429 || status >= 500)
      return t`The server could not take it now: it is tried again by itself.`
    return t`Export it to a file for your administrator, with the reference; then try again or discard it.`
  }
}
