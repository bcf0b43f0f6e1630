import { Fragment } from 'react'
import styles from './email-address.module.css'

/** An address in the pieces a line may end after: before its `@` and before each dot. */
export function emailPieces(email: string): string[] {
  return email.split(/(?=[@.])/)
}

/**
 * An email address that wraps, in a narrow column, before its `@` or a dot and nowhere else (a
 * `<wbr>` between pieces that do not break; its text is the address as it is). A piece wider than
 * its column overflows it rather than break inside a name.
 */
export function EmailAddress({ email }: { email: string }) {
  return emailPieces(email).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      <span className={styles.piece}>{piece}</span>
    </Fragment>
  ))
}
