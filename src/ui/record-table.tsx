import { useRef, type ReactNode } from 'react'
import { cx } from './cx.ts'
import { useFitsWidth } from './use-fits-width.ts'
import styles from './records.module.css'

export interface Column<T> {
  header: ReactNode
  cell: (row: T) => ReactNode
  /** Right-aligned, tabular figures. */
  numeric?: boolean
  /** The cell that names the row (a `<th scope="row">`). */
  rowHeader?: boolean
  /** The row's buttons or links: at the bottom of a card, without a label. */
  actions?: boolean
}

/**
 * A semantic table named by a heading, or the empty-state text when there are no rows. When it is
 * wider than its container, each row is drawn as a card instead (its cells one under another, each
 * under its column's name, the actions at the bottom), so that nothing, least of all an action,
 * hides behind a sideways scroll.
 */
export function RecordTable<T>({
  empty,
  ...table
}: TableProps<T> & {
  /** What stands instead of the table when there are no rows. */
  empty: ReactNode
}) {
  if (table.rows.length === 0) return <p className={styles.empty}>{empty}</p>
  return <FittedTable {...table} />
}

interface TableProps<T> {
  labelledBy: string
  rows: readonly T[]
  columns: readonly Column<T>[]
  rowKey: (row: T, index: number) => string | number
}

function FittedTable<T>({ labelledBy, rows, columns, rowKey }: TableProps<T>) {
  const box = useRef<HTMLDivElement>(null)
  const fits = useFitsWidth(box)
  // Drawn as cards, the table's parts keep their roles, which CSS `display` would take away.
  const role = (name: string) => (fits ? {} : { role: name })
  return (
    <div ref={box} className={styles.tableWrap}>
      <table
        className={cx(styles.table, !fits && styles.cards)}
        aria-labelledby={labelledBy}
        {...role('table')}
      >
        <thead {...role('rowgroup')}>
          <tr {...role('row')}>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={cx(column.numeric && styles.numeric)}
                {...role('columnheader')}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody {...role('rowgroup')}>
          {rows.map((row, rowIndex) => (
            <tr key={rowKey(row, rowIndex)} {...role('row')}>
              {columns.map((column, index) => {
                const className = cx(
                  column.numeric && styles.numeric,
                  column.actions && styles.actionsCell,
                )
                const value = column.cell(row)
                // On a card a cell's column name stands above it (an empty cell is left out); the
                // table's header still names the cell for assistive technology, so the visible
                // copy is hidden from it.
                const empty = value === '' || value === null || value === undefined
                if (!fits && empty) return null
                const content = (
                  <>
                    {!fits && !column.rowHeader && !column.actions && (
                      <span className={styles.cellLabel} aria-hidden="true">
                        {column.header}
                      </span>
                    )}
                    {value}
                  </>
                )
                return column.rowHeader ? (
                  <th key={index} scope="row" className={className} {...role('rowheader')}>
                    {content}
                  </th>
                ) : (
                  <td key={index} className={className} {...role('cell')}>
                    {content}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A titled card: an `<h2>` with the id that its table or list is labelled by. */
export function RecordSection({
  id,
  title,
  children,
  actions,
}: {
  id: string
  title: ReactNode
  children: ReactNode
  actions?: ReactNode
}) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      {actions}
    </section>
  )
}

/**
 * A name and its value in a `<dl>` of details, the two in a `<div>` of their own, which the list's
 * grid lays out. `className` styles the value (a code).
 */
export function Detail({
  label,
  className,
  children,
}: {
  label: ReactNode
  className?: string | undefined
  children: ReactNode
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  )
}
