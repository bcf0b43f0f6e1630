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
 * A horizontal bar chart in inline SVG: a figure whose caption names it, and whose bars carry their
 * label and value as text, so that the figures read without the picture.
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
  const rowHeight = 28
  const shares = barShares(bars.map((bar) => bar.value))
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.caption}>{title}</figcaption>
      {bars.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <svg
          role="img"
          aria-label={`${title}: ${bars.map((bar) => `${bar.label} ${format(bar.value)}`).join(', ')}`}
          viewBox={`0 0 400 ${bars.length * rowHeight}`}
          width="100%"
          className={styles.svg}
        >
          {bars.map((bar, index) => {
            const y = index * rowHeight
            return (
              <g key={bar.key}>
                <text x="0" y={y + 18} className={styles.label}>
                  {bar.label.length > 22 ? `${bar.label.slice(0, 21)}…` : bar.label}
                </text>
                <rect
                  x="150"
                  y={y + 5}
                  width={Math.max(1, (shares[index] ?? 0) * 200)}
                  height={rowHeight - 10}
                  rx="3"
                  className={styles.bar}
                />
                <text x={156 + (shares[index] ?? 0) * 200} y={y + 18} className={styles.value}>
                  {format(bar.value)}
                </text>
              </g>
            )
          })}
        </svg>
      )}
    </figure>
  )
}
