import type { ReportRequest } from '../../../src/contract/administration.ts'
import { byteOrderMark, csvLine, type Cell } from './csv.ts'
import { spreadsheetFooter, spreadsheetHeader, spreadsheetRow } from './spreadsheet-ml.ts'

/** How a report is written: its type and extension, and the text before, per row and after. */
export type ReportFormat = {
  contentType: string
  extension: string
  start: (header: readonly string[]) => string
  row: (cells: readonly Cell[]) => string
  end: () => string
}

const csv: ReportFormat = {
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  start: (header) => byteOrderMark + csvLine(header),
  row: csvLine,
  end: () => '',
}

/**
 * `xlsx` is answered as an XML Spreadsheet 2003 workbook (`.xls`), which Excel and LibreOffice
 * open, and which can be written row by row like the CSV.
 */
const spreadsheet: ReportFormat = {
  contentType: 'application/vnd.ms-excel; charset=utf-8',
  extension: 'xls',
  start: (header) => spreadsheetHeader() + spreadsheetRow(header),
  row: spreadsheetRow,
  end: spreadsheetFooter,
}

export const reportFormats: Record<ReportRequest['format'], ReportFormat> = {
  csv,
  xlsx: spreadsheet,
}
