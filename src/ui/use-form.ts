import { useState, type SyntheticEvent } from 'react'
import * as v from 'valibot'
import { useLingui } from '@lingui/react'
import { ApiError } from '../api/api-error.ts'
import { validate } from './form-errors.ts'

/** The fields whose value is any text: a text input's value goes into them as it is. */
type TextName<T> = {
  [K in keyof T]-?: [T[K]] extends [string] ? (string extends T[K] ? K : never) : never
}[keyof T]

/** What a text input takes from a form (`useForm`'s `textInput`) for one of its text fields. */
export interface TextInputProps {
  value: string
  onChange: (event: { target: { value: string } }) => void
  onBlur: () => void
  error: string | undefined
}

/**
 * A form's values checked against a contract schema. Errors show only for fields the user has
 * left (blur) or after a submit (docs/behaviour.md#validation).
 * `showServerErrors` shows an API answer's invalid fields next to their inputs.
 */
export function useForm<S extends v.GenericSchema<Record<string, unknown>>>(
  schema: S,
  initial: v.InferInput<S>,
) {
  const { i18n } = useLingui()
  const [values, setValues] = useState(initial)
  const [touched, setTouched] = useState<Record<string, boolean>>({})
  const [submitted, setSubmitted] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const errors = validate(schema, values)

  function error(name: string): string | undefined {
    const id = errors[name]
    if (id && (touched[name] || submitted)) return i18n._(id)
    return serverErrors[name]
  }

  // The server's error about a field spoke of its old value: a new one drops it.
  function put(name: string, value: unknown) {
    setValues((previous) => ({ ...previous, [name]: value }))
    setServerErrors(({ [name]: _dropped, ...rest }) => rest)
  }

  function setValue<K extends keyof v.InferInput<S>>(name: K, value: v.InferInput<S>[K]) {
    put(String(name), value)
  }

  function blur(name: string) {
    setTouched((previous) => ({ ...previous, [name]: true }))
  }

  /** What binds a text input (`TextField`, `PasswordField`, `TextArea`) to a text field. */
  function textInput<K extends TextName<v.InferInput<S>> & string>(name: K) {
    return {
      value: values[name],
      onChange: (event: { target: { value: string } }) => put(name, event.target.value),
      onBlur: () => blur(name),
      error: error(name),
    }
  }

  function handleSubmit(onValid: (output: v.InferOutput<S>) => void) {
    return (event: SyntheticEvent) => {
      event.preventDefault()
      setSubmitted(true)
      const result = v.safeParse(schema, values)
      if (result.success) onValid(result.output)
    }
  }

  return {
    values,
    setValue,
    error,
    blur,
    textInput,
    handleSubmit,
    reset: () => {
      setValues(initial)
      setTouched({})
      setSubmitted(false)
    },
    /** A mutation's `onError`: an error without invalid fields is shown elsewhere (a toast). */
    showServerErrors: (error: Error) => {
      if (!(error instanceof ApiError)) return
      const fields = error.invalidFields
      setServerErrors(Object.fromEntries(fields.map(({ field, message }) => [field, message])))
    },
    /** A refusal the answer does not name a field for, shown at the field it is about (a conflict). */
    showFieldError: (name: keyof v.InferInput<S> & string, message: string) =>
      setServerErrors((previous) => ({ ...previous, [name]: message })),
  }
}
