import { useId, useRef, type ReactNode } from 'react'
import styles from './choices.module.css'

interface RadioTilesProps<T extends string> {
  /** The id of the visible question (the step heading). */
  labelledBy: string
  options: readonly T[]
  label: (option: T) => ReactNode
  value: T | null
  /**
   * `advance` is false when the answer came from moving with the arrow keys: such a choice
   * follows the focus, and going on is left to Enter, Space or the Next button.
   */
  onChange: (value: T, advance: boolean) => void
  /** Enter, or Space on the chosen option: the user confirms the answer. */
  onConfirm: () => void
  columns?: 2 | 3 | 4
}

/**
 * A single choice as large touch tiles: native radio buttons (one name; arrows move and choose,
 * Tab enters the group at the chosen one), each covering its tile unseen, as the checkboxes do.
 * Native inputs keep a step change light: no state of their own, nothing measured on mount.
 */
export function RadioTiles<T extends string>(props: RadioTilesProps<T>) {
  const { options, value, columns = 2 } = props
  const name = useId()
  const arrows = useRef(false)
  return (
    <div
      role="radiogroup"
      aria-labelledby={props.labelledBy}
      onKeyDownCapture={(event) => {
        arrows.current = event.key.startsWith('Arrow')
      }}
      onKeyUpCapture={() => {
        arrows.current = false
      }}
      onPointerDownCapture={() => {
        arrows.current = false
      }}
      onKeyDown={(event) => {
        const onChosen = event.target instanceof HTMLInputElement && event.target.checked
        if (event.key === 'Enter' || (event.key === ' ' && onChosen)) {
          event.preventDefault()
          if (value !== null) props.onConfirm()
        }
      }}
      className={styles.tiles}
      data-columns={columns}
    >
      {options.map((option) => (
        <label
          key={option}
          className={styles.tile}
          data-state={option === value ? 'checked' : 'unchecked'}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={option === value}
            onChange={() => props.onChange(option, !arrows.current)}
            className={styles.radioInput}
          />
          <span className={styles.radio} aria-hidden="true">
            {option === value && <span className={styles.radioDot} />}
          </span>
          <span className={styles.tileLabel}>{props.label(option)}</span>
        </label>
      ))}
    </div>
  )
}

interface ChipGroupProps<T extends string> {
  /** The group's name for screen readers: the id of a visible heading or label. */
  labelledBy: string
  options: readonly T[]
  label: (option: T) => ReactNode
  selected: readonly T[]
  onToggle: (option: T) => void
}

/** A multi-select as toggle chips (buttons with aria-pressed), in a labelled group. */
export function ChipGroup<T extends string>(props: ChipGroupProps<T>) {
  return (
    <div role="group" aria-labelledby={props.labelledBy} className={styles.chips}>
      {props.options.map((option) => {
        const pressed = props.selected.includes(option)
        return (
          <button
            key={option}
            type="button"
            aria-pressed={pressed}
            className={styles.chip}
            onClick={() => props.onToggle(option)}
          >
            {/* Only a chosen chip has its tick: a long list of chips makes no unseen drawings. */}
            {pressed && (
              <svg
                viewBox="0 0 16 16"
                width="16"
                height="16"
                aria-hidden="true"
                className={styles.check}
              >
                <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
              </svg>
            )}
            {props.label(option)}
          </button>
        )
      })}
    </div>
  )
}
