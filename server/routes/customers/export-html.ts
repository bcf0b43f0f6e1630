import { escapeHtml } from '../../html.ts'

// The building blocks of a customer's export page (export-page.ts): plain tables of escaped text.

/**
 * Nothing on the page loads or runs: the policy goes with the file when it is saved and opened
 * from the disk, where the server's headers no longer apply.
 */
export const pagePolicy =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

export const pageStyle = `body{font:15px/1.45 system-ui,sans-serif;margin:2rem;color:#111}
table{border-collapse:collapse;margin:.5rem 0 1rem}th,td{border:1px solid #bbb;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f2f2f2}h2{margin-top:2rem}`

/** A cell's text; every text of the page goes through here, escaped. */
export type Cell = string | number | null

export const text = (value: Cell) => escapeHtml(value === null ? '' : String(value))

export function table(head: string[], rows: Cell[][], none: string): string {
  if (rows.length === 0) return `<p>${text(none)}</p>`
  const headRow = head.map((cell) => `<th scope="col">${text(cell)}</th>`).join('')
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td>${text(cell)}</td>`).join('')}</tr>`)
    .join('\n')
  return `<table><thead><tr>${headRow}</tr></thead><tbody>\n${body}\n</tbody></table>`
}

/** Named values, one a row. */
export function fields(pairs: [string, Cell][]): string {
  const rows = pairs.map(
    ([name, value]) => `<tr><th scope="row">${text(name)}</th><td>${text(value)}</td></tr>`,
  )
  return `<table><tbody>\n${rows.join('\n')}\n</tbody></table>`
}

export const section = (title: string, body: string) =>
  `<section><h2>${text(title)}</h2>\n${body}</section>`
