import { useId } from 'react'
import { useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { parseLocale } from '../contract/locale.ts'
import { formatNumber } from './format.ts'
import { TextField, type TextFieldProps } from './field.tsx'
import styles from './field.module.css'

/** Where a text stands against its field's limit. */
export type LengthState = { kind: 'room' } | { kind: 'near'; left: number } | { kind: 'over' }

/**
 * Within the limit and below 80 % of it, nothing to say; from there on how many characters are
 * left (0 at the limit); past it, too long.
 */
export function lengthState(length: number, most: number): LengthState {
  if (length > most) return { kind: 'over' }
  if (length >= Math.ceil(most * 0.8)) return { kind: 'near', left: most - length }
  return { kind: 'room' }
}

/**
 * What a field with a limit of `most` characters says about `text`: the counter under it from
 * 80 % of the limit ("12 characters left", named by `counterId` for the field's description) and,
 * past the limit, the one error for it ("At most 2,000 characters."). Nothing typed is cut off
 * here: the form refuses a text that is too long.
 */
export function useLengthLimit(text: string, most: number | undefined) {
  const { t, i18n } = useLingui()
  const counterId = useId()
  if (most === undefined) return { counter: null, counterId: undefined, error: undefined }
  const state = lengthState(text.length, most)
  const limit = formatNumber(most, parseLocale(i18n.locale))
  const error = state.kind === 'over' ? t`At most ${limit} characters.` : undefined
  const left = state.kind === 'near' ? state.left : 0
  const counter =
    state.kind === 'near' ? (
      <p id={counterId} className={styles.counter}>
        {t({ message: plural(left, { one: '# character left', other: '# characters left' }) })}
      </p>
    ) : null
  return { counter, counterId: counter ? counterId : undefined, error }
}

/**
 * A one-line text field of at most `maxLength` characters, which it takes no more of, counting
 * down to it from 80 % of it.
 */
export function LimitedTextField({
  maxLength,
  ...props
}: TextFieldProps & { value: string; maxLength: number }) {
  const limit = useLengthLimit(props.value, maxLength)
  const describedBy = [props['aria-describedby'], limit.counterId].filter(Boolean).join(' ')
  return (
    <TextField
      {...props}
      maxLength={maxLength}
      aria-describedby={describedBy || undefined}
      counter={limit.counter}
    />
  )
}
