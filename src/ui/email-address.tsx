import { Fragment } from 'react'

/** An address in the pieces a line may end after: before its `@` and before each dot. */
export function emailPieces(email: string): string[] {
  return email.split(/(?=[@.])/)
}

/**
 * An email address that wraps, in a narrow column, before its `@` or a dot rather than inside a
 * name (a `<wbr>` between pieces; its text is the address as it is). A piece wider than the column
 * still breaks where the cell's `overflow-wrap` lets it.
 */
export function EmailAddress({ email }: { email: string }) {
  return emailPieces(email).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {piece}
    </Fragment>
  ))
}
