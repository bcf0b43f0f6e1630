import type { ReportRequest } from '#contract/reports.ts'
import { byteOrderMark, csvLine, type Cell } from './csv.ts'
import { xlsxFile } from './xlsx.ts'

/**
 * How a report is written: its type and extension, and the file as a stream of chunks, from the
 * report's columns, their translated titles and the rows.
 */
export type ReportFormat = {
  contentType: string
  extension: string
  write: (
    columns: readonly string[],
    header: readonly string[],
    batches: AsyncIterable<Iterable<Cell[]>>,
  ) => AsyncIterable<string | Uint8Array>
}

const csv: ReportFormat = {
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  write: async function* (columns, header, batches) {
    yield byteOrderMark + csvLine(columns, header)
    for await (const rows of batches) {
      let text = ''
      for (const cells of rows) text += csvLine(columns, cells)
      yield text
    }
  },
}

const xlsx: ReportFormat = {
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  extension: 'xlsx',
  // A text cell is an inline string, which a spreadsheet never runs: no column needs defusing.
  write: (_columns, header, batches) => xlsxFile(header, batches),
}

export const reportFormats: Record<ReportRequest['format'], ReportFormat> = { csv, xlsx }
