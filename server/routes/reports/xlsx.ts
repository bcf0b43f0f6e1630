import { strToU8, Zip, ZipDeflate } from 'fflate'
import type { Cell } from './csv.ts'

/**
 * An Office Open XML workbook (`.xlsx`) of one sheet, written as a stream: the sheet's XML is
 * deflated into the ZIP batch by batch, so a long report never sits in memory. Text cells are
 * inline strings (no shared-string table to hold), never formulas, even when they start with `=`;
 * the header row is bold and frozen.
 */
export async function* xlsxFile(
  header: readonly string[],
  batches: AsyncIterable<Iterable<Cell[]>>,
): AsyncGenerator<Uint8Array> {
  const chunks: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else chunks.push(chunk)
  })
  function* drain(): Generator<Uint8Array> {
    if (failure) throw failure
    yield* chunks.splice(0)
  }
  for (const [name, xml] of Object.entries(packageParts)) {
    const part = new ZipDeflate(name, { level: 6 })
    zip.add(part)
    part.push(strToU8(xml), true)
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 })
  zip.add(sheet)
  sheet.push(strToU8(sheetStart + row(1, header, headerStyle)))
  yield* drain()
  let next = 2
  for await (const batch of batches) {
    let xml = ''
    for (const cells of batch) xml += row(next++, cells)
    sheet.push(strToU8(xml))
    yield* drain()
  }
  sheet.push(strToU8(sheetEnd), true)
  zip.end()
  yield* drain()
}

const headerStyle = 1

/** A (1-based) column number as its letters: 1 -> A, 27 -> AA. */
export function columnName(column: number): string {
  let name = ''
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name
  }
  return name
}

/** XML 1.0 has no place for most control characters: they are left out. */
function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)
  )
}

function cell(reference: string, value: Cell, style: number | undefined): string {
  const s = style === undefined ? '' : ` s="${style}"`
  if (value === null || value === undefined || value === '') return ''
  if (typeof value === 'number' && Number.isFinite(value)) {
    return `<c r="${reference}"${s}><v>${value}</v></c>`
  }
  return `<c r="${reference}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`
}

function row(number: number, cells: readonly Cell[], style?: number): string {
  const xml = cells.map((value, index) => cell(`${columnName(index + 1)}${number}`, value, style))
  return `<row r="${number}">${xml.join('')}</row>`
}

const sheetStart =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
  '<sheetData>'
const sheetEnd = '</sheetData></worksheet>'

const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

/** The fixed parts of the package around the sheet. */
const packageParts: Record<string, string> = {
  '[Content_Types].xml':
    xmlDeclaration +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>',
  '_rels/.rels':
    xmlDeclaration +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
    '</Relationships>',
  'xl/workbook.xml':
    xmlDeclaration +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<sheets><sheet name="Report" sheetId="1" r:id="rId1"/></sheets>' +
    '</workbook>',
  'xl/_rels/workbook.xml.rels':
    xmlDeclaration +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
    '</Relationships>',
  'xl/styles.xml':
    xmlDeclaration +
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>',
}
