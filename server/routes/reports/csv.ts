/** A report cell: words are translated before they get here. */
export type Cell = string | number | null | undefined

/** The UTF-8 byte order mark: Excel then reads č, ć, š, ž and đ rightly. */
export const byteOrderMark = '\uFEFF'

/**
 * A text a spreadsheet would run as a formula (`=`, `@`, or `+`/`-` not followed by a digit)
 * starts with an apostrophe instead (OWASP CSV injection); phone numbers such as `+381…` stay.
 */
function defused(text: string): string {
  return /^[=@\t\r]|^[+-](?!\d)/.test(text) ? `'${text}` : text
}

function csvCell(cell: Cell): string {
  if (cell === null || cell === undefined) return ''
  const text = defused(String(cell))
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One RFC 4180 line, CRLF included. */
export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}
