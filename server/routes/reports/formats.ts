import type { ReportRequest } from '../../../src/contract/administration.ts'
import { byteOrderMark, csvLine, type Cell } from './csv.ts'
import { xlsxFile } from './xlsx.ts'

/** How a report is written: its type and extension, and the file as a stream of chunks. */
export type ReportFormat = {
  contentType: string
  extension: string
  write: (
    header: readonly string[],
    batches: AsyncIterable<Iterable<Cell[]>>,
  ) => AsyncIterable<string | Uint8Array>
}

const csv: ReportFormat = {
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  write: async function* (header, batches) {
    yield byteOrderMark + csvLine(header)
    for await (const rows of batches) {
      let text = ''
      for (const cells of rows) text += csvLine(cells)
      yield text
    }
  },
}

const xlsx: ReportFormat = {
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  extension: 'xlsx',
  write: xlsxFile,
}

export const reportFormats: Record<ReportRequest['format'], ReportFormat> = { csv, xlsx }
