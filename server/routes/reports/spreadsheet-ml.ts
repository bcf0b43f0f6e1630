import type { Cell } from './csv.ts'

/** XML 1.0 has no place for most control characters: they are left out. */
function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)
      .replace(/\r?\n/g, '&#10;')
  )
}

function cell(value: Cell): string {
  if (value === null || value === undefined || value === '') return '<Cell/>'
  if (typeof value === 'number') return `<Cell><Data ss:Type="Number">${value}</Data></Cell>`
  const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : value
  return `<Cell><Data ss:Type="String">${escapeXml(text)}</Data></Cell>`
}

export function spreadsheetRow(cells: readonly Cell[]): string {
  return `<Row>${cells.map(cell).join('')}</Row>\n`
}

export function spreadsheetHeader(): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?mso-application progid="Excel.Sheet"?>',
    '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"',
    ' xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">',
    '<Worksheet ss:Name="Report"><Table>',
    '',
  ].join('\n')
}

export function spreadsheetFooter(): string {
  return '</Table></Worksheet></Workbook>\n'
}
