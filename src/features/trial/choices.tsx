import { useRef, type ReactNode } from 'react'
import { RadioGroup } from 'radix-ui'
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

/** A single choice as large touch tiles (a radix radio group: arrows, roving focus). */
export function RadioTiles<T extends string>(props: RadioTilesProps<T>) {
  const { options, value, columns = 2 } = props
  const arrows = useRef(false)
  return (
    <RadioGroup.Root
      aria-labelledby={props.labelledBy}
      value={value ?? ''}
      onValueChange={(next) => {
        const option = options.find((entry) => entry === next)
        if (option !== undefined) props.onChange(option, !arrows.current)
      }}
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
        const onChosen =
          event.target instanceof HTMLElement && event.target.dataset.state === 'checked'
        if (event.key === 'Enter' || (event.key === ' ' && onChosen)) {
          event.preventDefault()
          if (value !== null) props.onConfirm()
        }
      }}
      className={styles.tiles}
      data-columns={columns}
    >
      {options.map((option) => (
        <RadioGroup.Item key={option} value={option} className={styles.tile}>
          <span className={styles.radio} aria-hidden="true">
            <RadioGroup.Indicator className={styles.radioDot} />
          </span>
          <span className={styles.tileLabel}>{props.label(option)}</span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
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
      {props.options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={props.selected.includes(option)}
          className={styles.chip}
          onClick={() => props.onToggle(option)}
        >
          <svg
            viewBox="0 0 16 16"
            width="16"
            height="16"
            aria-hidden="true"
            className={styles.check}
          >
            <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          </svg>
          {props.label(option)}
        </button>
      ))}
    </div>
  )
}
