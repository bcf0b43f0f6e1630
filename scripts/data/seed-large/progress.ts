/* Progress lines: rows and seconds per table. */
export const startedAt = performance.now()
export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)
export const thousands = (value: number) => value.toLocaleString('en')

export function report(table: string, rows: number, since: number, note = '') {
  console.info(
    `  ${table.padEnd(20)} ${thousands(rows).padStart(11)} rows ${seconds(since).padStart(7)} s${note}`,
  )
}
