import type { ReactNode } from 'react'
import { cx } from './cx.ts'
import { ScrollArea } from './scroll-area.tsx'
import styles from './records.module.css'

export interface Column<T> {
  header: ReactNode
  cell: (row: T) => ReactNode
  /** Right-aligned, tabular figures. */
  numeric?: boolean
  /** The cell that names the row (a `<th scope="row">`). */
  rowHeader?: boolean
}

/** A semantic table named by a heading, or the empty-state text when there are no rows. */
export function RecordTable<T>({
  labelledBy,
  rows,
  columns,
  rowKey,
  empty,
}: {
  labelledBy: string
  rows: readonly T[]
  columns: readonly Column<T>[]
  rowKey: (row: T, index: number) => string | number
  empty: ReactNode
}) {
  if (rows.length === 0) return <p className={styles.empty}>{empty}</p>
  return (
    <ScrollArea labelledBy={labelledBy} className={styles.tableWrap}>
      <table className={styles.table} aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cx(column.numeric && styles.numeric)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowKey(row, rowIndex)}>
              {columns.map((column, index) => {
                const className = column.numeric ? styles.numeric : undefined
                return column.rowHeader ? (
                  <th key={index} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={index} className={className}>
                    {column.cell(row)}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
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
