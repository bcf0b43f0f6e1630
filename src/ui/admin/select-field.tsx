import type { ChangeEvent } from 'react'
import fieldStyles from '../field.module.css'
import { useFieldIds } from '../field-parts.tsx'
import { FieldMessages, LabelText } from '../field-parts.tsx'

/**
 * A labelled native select, with the field's error below it. It answers one of its options' values,
 * typed as they are (a role, a country), never any other text.
 */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  onBlur,
  error,
  required,
}: {
  label: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
  onBlur?: () => void
  error?: string | undefined
  required?: boolean
}) {
  const ids = useFieldIds(undefined, { error })
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={ids.id} className={fieldStyles.label}>
        <LabelText label={label} required={required} />
      </label>
      <div className={fieldStyles.control}>
        <select
          id={ids.id}
          className={fieldStyles.input}
          value={value}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            const chosen = options.find((option) => option.value === event.target.value)
            if (chosen) onChange(chosen.value)
          }}
          onBlur={onBlur}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <FieldMessages hint={undefined} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  )
}
