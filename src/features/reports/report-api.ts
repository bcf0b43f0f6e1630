import { useAction } from '../../api/use-action.ts'
import { download } from '../../api/client.ts'
import { reportGenerate } from '../../contract/endpoints/reports.ts'
import type { ReportRequest } from '../../contract/reports.ts'
import { attachmentFilename } from './content-disposition.ts'

/** `POST /report/generate`: the file as a blob with its name from Content-Disposition. */
export async function generateReport(
  body: ReportRequest,
  onProgress: (bytes: number) => void,
): Promise<{ blob: Blob; filename: string }> {
  // A long range streams for a while: allow more than the usual 20 s.
  const { blob, headers } = await download(reportGenerate, { body, timeout: 300_000 }, onProgress)
  const fallback = `${body.type}-${body.startAt}-${body.endAt}.${body.format}`
  return { blob, filename: attachmentFilename(headers.get('Content-Disposition'), fallback) }
}

/** Saves a blob as a download with that name. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function useGenerateReport(onProgress: (bytes: number) => void) {
  return useAction({
    mutationFn: (body: ReportRequest) => generateReport(body, onProgress),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  })
}
