import { useMutation } from '@tanstack/react-query'
import { i18n } from '@lingui/core'
import { api } from '../../api/client.ts'
import { toApiError } from '../../api/api-error.ts'
import type { ReportRequest } from '../../contract/administration.ts'
import { attachmentFilename } from './content-disposition.ts'

/** `POST /report/generate`: the file as a blob with its name from Content-Disposition. */
export async function generateReport(
  body: ReportRequest,
  onProgress: (bytes: number) => void,
): Promise<{ blob: Blob; filename: string }> {
  try {
    const response = await api.post('report/generate', {
      json: body,
      // A long range streams for a while: allow more than the usual 20 s.
      timeout: 300_000,
      onDownloadProgress: (progress) => onProgress(progress.transferredBytes),
    })
    const fallback = `${body.type}-${body.startAt}-${body.endAt}.${body.format}`
    const filename = attachmentFilename(response.headers.get('Content-Disposition'), fallback)
    return { blob: await response.blob(), filename }
  } catch (error) {
    throw toApiError(error, (id) => i18n._(id))
  }
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
  return useMutation({
    mutationFn: (body: ReportRequest) => generateReport(body, onProgress),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  })
}
