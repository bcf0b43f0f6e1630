import { useAction } from '../../api/use-action.ts'
import { download } from '../../api/client.ts'
import { reportGenerate } from '../../contract/endpoints/reports.ts'
import type { ReportRequest } from '../../contract/reports.ts'
import { attachmentFilename } from '../../ui/admin/content-disposition.ts'
import { saveBlob } from '../../ui/admin/save-file.ts'

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

export function useGenerateReport(onProgress: (bytes: number) => void) {
  return useAction({
    mutationFn: (body: ReportRequest) => generateReport(body, onProgress),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  })
}
