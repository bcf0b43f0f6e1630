/** A file to save: what an export answered and the name it is saved under. */
export type ExportFile = { blob: Blob; filename: string }

/** JSON as a file, indented so that a person can read it too. */
export function jsonFile(data: unknown, filename: string): ExportFile {
  const text = `${JSON.stringify(data, null, 2)}\n`
  return { blob: new Blob([text], { type: 'application/json' }), filename }
}
