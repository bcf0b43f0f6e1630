import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { cx } from './cx.ts'
import { Spinner } from './spinner.tsx'
import { FieldMessages, LabelText, useFieldIds } from './field-parts.tsx'
import {
  closedList,
  escapeClears,
  nextListState,
  textAfterLeaving,
  toEntries,
  type ListEvent,
} from './combobox-state.ts'
import fieldStyles from './field.module.css'
import styles from './combobox.module.css'

export interface ComboboxProps<T> {
  label: ReactNode
  items: readonly T[]
  itemToString: (item: T) => string
  /** A stable key per item (React keys, and the selection's comparison). */
  itemKey: (item: T) => string | number
  selectedItem: T | null
  onSelectedItemChange: (item: T | null) => void
  /** The text in the box, controlled so that the caller can debounce it and query. */
  inputValue: string
  onInputValueChange: (text: string) => void
  loading?: boolean
  /** Shown while the list is open, not loading and nothing matched (already translated). */
  emptyText: string
  error?: string | undefined
  hint?: ReactNode | undefined
  required?: boolean
  placeholder?: string | undefined
  disabled?: boolean
  /** With `onLoadMore`: shows a "Load more" option at the end of the list. */
  hasMore?: boolean
  onLoadMore?: () => void
  /** How an option looks in the list; defaults to `itemToString`. */
  renderItem?: (item: T) => ReactNode
  id?: string
  className?: string
}

/**
 * An accessible autocomplete: the ARIA 1.2 combobox pattern, an input whose list of options pops up
 * below it (docs: https://www.w3.org/WAI/ARIA/apg/patterns/combobox/). The keyboard's and the
 * list's rules are in combobox-state.ts; the selection and the text are the caller's.
 */
export function Combobox<T>(props: ComboboxProps<T>) {
  const {
    items,
    itemToString,
    itemKey,
    selectedItem,
    loading = false,
    hasMore = false,
    onLoadMore,
  } = props
  const { t } = useLingui()
  const ids = useFieldIds(props.id, { error: props.error, hint: props.hint })
  const labelId = `${ids.id}-label`
  const menuId = `${ids.id}-menu`
  const optionId = (index: number) => `${ids.id}-option-${index}`
  const withMore = hasMore && onLoadMore !== undefined
  const entries = useMemo(() => toEntries(items, withMore), [items, withMore])
  const [list, setList] = useState(closedList)
  const { isOpen, highlightedIndex } = list
  const input = useRef<HTMLInputElement>(null)
  const menu = useRef<HTMLUListElement>(null)
  const chosenKey = selectedItem === null ? undefined : itemKey(selectedItem)
  const chosenIndex = entries.findIndex(
    (entry) => entry.kind === 'item' && itemKey(entry.item) === chosenKey,
  )
  const apply = (event: ListEvent) => setList((state) => nextListState(state, event))

  // A highlight the list moved past its end (a shorter page of results) is none.
  const highlighted = highlightedIndex < entries.length ? highlightedIndex : -1
  useEffect(() => {
    if (!isOpen || highlighted < 0) return
    menu.current?.children[highlighted]?.scrollIntoView({ block: 'nearest' })
  }, [isOpen, highlighted])

  const loadMore = () => {
    if (!loading) onLoadMore?.()
  }
  /** An entry is picked: an item becomes the selection (reported in this event's render). */
  const pick = (index: number) => {
    const entry = entries[index]
    if (!entry) return
    if (entry.kind === 'more') {
      loadMore()
      apply({ type: 'loadMore' })
      return
    }
    apply({ type: 'close' })
    if (itemKey(entry.item) !== chosenKey) props.onSelectedItemChange(entry.item)
    const text = itemToString(entry.item)
    if (text !== props.inputValue) props.onInputValueChange(text)
  }
  const leave = () => {
    apply({ type: 'close' })
    const text = textAfterLeaving(
      props.inputValue,
      selectedItem === null ? null : itemToString(selectedItem),
    )
    if (text !== props.inputValue) props.onInputValueChange(text)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = entries.length
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault()
        apply({
          type: event.key === 'ArrowDown' ? 'arrowDown' : 'arrowUp',
          count,
          chosen: chosenIndex,
        })
        return
      case 'Home':
      case 'End':
        if (!isOpen) return
        event.preventDefault()
        apply({ type: event.key === 'Home' ? 'home' : 'end', count })
        return
      case 'Enter':
        if (!isOpen || highlighted < 0) return
        // The form is not sent: Enter picks the option.
        event.preventDefault()
        pick(highlighted)
        return
      case 'Tab':
        // Leaving with the keyboard on an option picks it; the focus moves on as usual.
        if (isOpen && highlighted >= 0 && entries[highlighted]?.kind === 'item') pick(highlighted)
        return
      case 'Escape':
        if (escapeClears(list)) {
          if (props.inputValue !== '') props.onInputValueChange('')
          if (selectedItem !== null) props.onSelectedItemChange(null)
        }
        apply({ type: 'escape' })
        return
    }
  }

  const nothingFound = isOpen && !loading && items.length === 0
  const count = items.length
  const status = !isOpen
    ? ''
    : loading
      ? t`Loading…`
      : nothingFound
        ? props.emptyText
        : t({ message: plural(count, { one: '# option available', other: '# options available' }) })

  return (
    <div className={cx(fieldStyles.field, props.className)}>
      <label id={labelId} htmlFor={ids.id} className={fieldStyles.label}>
        <LabelText label={props.label} required={props.required} />
      </label>
      <div className={styles.control}>
        <input
          ref={input}
          id={ids.id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={menuId}
          aria-activedescendant={isOpen && highlighted >= 0 ? optionId(highlighted) : undefined}
          aria-invalid={props.error ? true : undefined}
          aria-required={props.required || undefined}
          aria-describedby={ids.describedBy}
          placeholder={props.placeholder}
          disabled={props.disabled}
          value={props.inputValue}
          onChange={(event) => {
            const text = event.currentTarget.value
            props.onInputValueChange(text)
            if (text === '' && selectedItem !== null) props.onSelectedItemChange(null)
            apply({ type: 'typed' })
          }}
          onKeyDown={onKeyDown}
          onBlur={leave}
          className={cx(fieldStyles.input, styles.input)}
        />
        {loading && <Spinner className={styles.spinner} />}
        <button
          type="button"
          tabIndex={-1}
          aria-label={t`Show options`}
          aria-controls={menuId}
          aria-expanded={isOpen}
          disabled={props.disabled}
          // The input keeps the focus: its blur would close the list the click opens.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            apply({ type: 'toggle' })
            input.current?.focus()
          }}
          className={cx(fieldStyles.endButton, styles.toggle)}
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            className={styles.chevron}
          >
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" />
          </svg>
        </button>
        <div className={styles.popup} hidden={!isOpen}>
          <ul
            ref={menu}
            id={menuId}
            role="listbox"
            aria-labelledby={labelId}
            aria-busy={loading || undefined}
            className={styles.menu}
          >
            {isOpen &&
              entries.map((entry, index) => (
                <li
                  key={entry.kind === 'more' ? 'more' : itemKey(entry.item)}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === highlighted}
                  aria-disabled={(entry.kind === 'more' && loading) || undefined}
                  // The input keeps the focus: its blur would pick before this click does.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (index !== highlighted) apply({ type: 'pointer', index })
                  }}
                  // Reported in the click's own render, so that the caller's change (the wizard's
                  // next step) is drawn with the list closing, not a render later.
                  onClick={() => pick(index)}
                  className={cx(
                    styles.option,
                    entry.kind === 'more' && styles.more,
                    index === highlighted && styles.highlighted,
                    entry.kind === 'item' && itemKey(entry.item) === chosenKey && styles.chosen,
                  )}
                >
                  {entry.kind === 'more' ? (
                    <>
                      {loading && <Spinner />}
                      {t`Load more`}
                    </>
                  ) : (
                    (props.renderItem?.(entry.item) ?? itemToString(entry.item))
                  )}
                </li>
              ))}
          </ul>
          {isOpen && loading && count === 0 && (
            <p className={styles.note} aria-hidden="true">
              <Spinner /> {t`Loading…`}
            </p>
          )}
          {nothingFound && (
            <p className={styles.note} aria-hidden="true">
              {props.emptyText}
            </p>
          )}
        </div>
      </div>
      <div role="status" className="visually-hidden">
        {status}
      </div>
      <FieldMessages
        hint={props.hint}
        error={props.error}
        hintId={ids.hintId}
        errorId={ids.errorId}
      />
    </div>
  )
}
