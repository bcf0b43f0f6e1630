import styles from './charts.module.css'

export interface Bar {
  key: string
  label: string
  value: number
}

/** Bar widths as a share of the largest value, 0 to 1 (all 0 when every value is 0). */
export function barShares(values: readonly number[]): number[] {
  const max = Math.max(0, ...values)
  return values.map((value) => (max > 0 ? Math.max(0, value) / max : 0))
}

/**
 * A horizontal bar chart in plain HTML: a figure named by its caption, a list with a row per bar,
 * its label (whole, wrapping onto more lines when long), the bar and the value. The figures read
 * as text; the bars are their picture only.
 */
export function BarChart({
  title,
  bars,
  format,
  empty,
}: {
  title: string
  bars: readonly Bar[]
  format: (value: number) => string
  empty: string
}) {
  const shares = barShares(bars.map((bar) => bar.value))
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.caption}>{title}</figcaption>
      {bars.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.bars}>
          {bars.map((bar, index) => (
            <li key={bar.key} className={styles.row}>
              <span className={styles.label}>{bar.label}</span>
              <span className={styles.track} aria-hidden="true">
                <span
                  className={styles.bar}
                  style={{ inlineSize: `${((shares[index] ?? 0) * 100).toFixed(1)}%` }}
                />
              </span>
              <span className={styles.value}>{format(bar.value)}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  )
}
