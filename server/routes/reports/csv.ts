/** A report cell: words are translated before they get here. */
export type Cell = string | number | null | undefined

/** The UTF-8 byte order mark: Excel then reads č, ć, š, ž and đ rightly. */
export const byteOrderMark = '\uFEFF'

/**
 * Columns of phone numbers, written as they are so that `+381…` stays readable: the contract lets
 * only `+` and digits into them, so they can hold no formula. Decided by the column, never by
 * what a cell looks like: a text that merely looks like a number is still a text.
 */
const phoneColumns: ReadonlySet<string> = new Set(['phone'])

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return
 * first) starts with an apostrophe instead (OWASP CSV injection); numbers are never touched.
 */
function defused(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

function csvCell(cell: Cell, column: string | undefined): string {
  if (cell === null || cell === undefined) return ''
  const kept = typeof cell === 'number' || (column !== undefined && phoneColumns.has(column))
  const text = kept ? String(cell) : defused(cell)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One RFC 4180 line, CRLF included, of a report whose columns are `columns`. */
export function csvLine(columns: readonly string[], cells: readonly Cell[]): string {
  return `${cells.map((cell, index) => csvCell(cell, columns[index])).join(',')}\r\n`
}
