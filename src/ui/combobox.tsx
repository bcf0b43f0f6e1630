import { useMemo, type ReactNode } from 'react'
import { useCombobox } from 'downshift'
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { cx } from './cx.ts'
import { Spinner } from './spinner.tsx'
import { FieldMessages, LabelText, useFieldIds } from './field-parts.tsx'
import { comboboxStateReducer, toEntries, type ComboboxEntry } from './combobox-state.ts'
import fieldStyles from './field.module.css'
import styles from './combobox.module.css'

export interface ComboboxProps<T> {
  label: ReactNode
  items: readonly T[]
  itemToString: (item: T) => string
  /** A stable key per item (React keys, and downshift's selection comparison). */
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

/** An accessible autocomplete (ARIA 1.2 combobox with a listbox) built on downshift's useCombobox. */
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
  const withMore = hasMore && onLoadMore !== undefined
  const entries = useMemo(() => toEntries(items, withMore), [items, withMore])
  const selectedEntry = useMemo<ComboboxEntry<T> | null>(
    () => (selectedItem === null ? null : { kind: 'item', item: selectedItem }),
    [selectedItem],
  )
  const entryToString = (entry: ComboboxEntry<T> | null) =>
    entry?.kind === 'item' ? itemToString(entry.item) : ''
  const loadMore = () => {
    if (!loading) onLoadMore?.()
  }

  const combobox = useCombobox<ComboboxEntry<T>>({
    items: entries,
    inputId: ids.id,
    selectedItem: selectedEntry,
    inputValue: props.inputValue,
    itemToString: entryToString,
    itemToKey: (entry) =>
      entry === null ? null : entry.kind === 'more' ? 'more' : `item:${itemKey(entry.item)}`,
    isItemDisabled: (entry) => entry.kind === 'more' && loading,
    stateReducer: comboboxStateReducer(entryToString),
    // Typing is reported by the input's own onChange (below): downshift reports changes from an
    // effect, a render late, which loses keystrokes in a controlled input (downshift issue #1108).
    onInputValueChange: ({ type, inputValue }) => {
      if (type !== useCombobox.stateChangeTypes.InputChange) props.onInputValueChange(inputValue)
    },
    // A click on an option is reported by the option's own onClick (below), so that the caller's
    // change (the wizard's next step) is drawn in the click's render; downshift reports it from an
    // effect, after drawing the list closed, which cost the wizard's first step a render.
    onSelectedItemChange: ({ type, selectedItem: entry }) => {
      if (type === useCombobox.stateChangeTypes.ItemClick) return
      if (entry?.kind !== 'more') props.onSelectedItemChange(entry ? entry.item : null)
    },
  })
  const { isOpen, highlightedIndex } = combobox
  const chosenKey = selectedItem === null ? undefined : itemKey(selectedItem)
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
      <label {...combobox.getLabelProps()} className={fieldStyles.label}>
        <LabelText label={props.label} required={props.required} />
      </label>
      <div className={styles.control}>
        <input
          {...combobox.getInputProps({
            placeholder: props.placeholder,
            disabled: props.disabled,
            'aria-invalid': props.error ? true : undefined,
            'aria-required': props.required || undefined,
            'aria-describedby': ids.describedBy,
            onChange: (event) => props.onInputValueChange(event.currentTarget.value),
            onKeyDown: (event) => {
              if (event.key === 'Enter' && isOpen && entries[highlightedIndex]?.kind === 'more')
                loadMore()
            },
          })}
          className={cx(fieldStyles.input, styles.input)}
        />
        {loading && <Spinner className={styles.spinner} />}
        <button
          {...combobox.getToggleButtonProps({ disabled: props.disabled })}
          aria-label={t`Show options`}
          className={styles.toggle}
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
            {...combobox.getMenuProps({ 'aria-busy': loading || undefined })}
            className={styles.menu}
          >
            {isOpen &&
              entries.map((entry, index) => (
                <li
                  key={entry.kind === 'more' ? 'more' : itemKey(entry.item)}
                  {...combobox.getItemProps({
                    item: entry,
                    index,
                    onClick:
                      entry.kind === 'more'
                        ? loadMore
                        : () => {
                            if (itemKey(entry.item) !== chosenKey)
                              props.onSelectedItemChange(entry.item)
                          },
                  })}
                  className={cx(
                    styles.option,
                    entry.kind === 'more' && styles.more,
                    index === highlightedIndex && styles.highlighted,
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
