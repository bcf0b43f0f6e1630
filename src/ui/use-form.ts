import { useState, type SyntheticEvent } from 'react'
import * as v from 'valibot'
import { useLingui } from '@lingui/react'
import { validate } from './form-errors.ts'

/**
 * A form's values checked against a contract schema. Errors show only for fields the user has
 * left (blur) or after a submit (docs/behaviour.md#validation).
 * `serverErrors` shows an API answer's invalid fields next to their inputs.
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

  function setValue<K extends keyof v.InferInput<S>>(name: K, value: v.InferInput<S>[K]) {
    setValues((previous) => ({ ...previous, [name]: value }))
    setServerErrors(({ [String(name)]: _dropped, ...rest }) => rest)
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
    blur: (name: string) => setTouched((previous) => ({ ...previous, [name]: true })),
    handleSubmit,
    reset: () => {
      setValues(initial)
      setTouched({})
      setSubmitted(false)
    },
    setServerErrors: (fields: { field: string; message: string }[]) =>
      setServerErrors(Object.fromEntries(fields.map(({ field, message }) => [field, message]))),
  }
}
