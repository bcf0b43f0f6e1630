import { call, download } from '../../api/client.ts'
import { useAction } from '../../api/use-action.ts'
import { idempotencyHeader } from '../../contract/http.ts'
import {
  customerErase,
  customerExport,
  customerExportPage,
  trialContactExport,
} from '../../contract/endpoints/customers.ts'
import type {
  Erasure,
  ErasureBody,
  TrialContactExport,
  TrialContactQuery,
} from '../../contract/customer-rights.ts'
import { attachmentFilename } from '../../ui/admin/content-disposition.ts'
import { saveBlob } from '../../ui/admin/save-file.ts'
import { jsonFile, type ExportFile } from './export-file.ts'

/** Whom an erasure is for: a customer by id, or a person by the contact their trials hold. */
export type ErasureTarget = Omit<ErasureBody, 'reason'>

/** `GET /customer/{id}/export`: everything held about the customer, checked, as a JSON file. */
async function exportJson(id: number): Promise<ExportFile> {
  const { data } = await call(customerExport, { params: { id } })
  return jsonFile(data, `customer-${id}.json`)
}

/** `GET /customer/{id}/export.html`: the same as a readable page, named by the server. */
async function exportPage(id: number): Promise<ExportFile> {
  const { blob, headers } = await download(customerExportPage, { params: { id } }, () => {})
  return {
    blob,
    filename: attachmentFilename(headers.get('Content-Disposition'), `customer-${id}.html`),
  }
}

/** Each press downloads once (each export is audited) and saves the file. */
export function useCustomerExport(format: 'json' | 'html') {
  return useAction({
    mutationFn: (id: number) => (format === 'json' ? exportJson(id) : exportPage(id)),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  })
}

/**
 * `GET /customer/trial-contact`: what trials hold about a person. An action rather than a kept
 * query: each look is an export in the audit log, and the person's contact is not kept on the
 * device.
 */
export function useTrialContactExport() {
  return useAction({
    mutationFn: async (query: TrialContactQuery): Promise<TrialContactExport> =>
      (await call(trialContactExport, { query })).data,
  })
}

/**
 * `POST /customer/erase`, under the action's `Idempotency-Key`: a second press, or the same
 * erasure sent again after a lost answer, erases once. Its message is shown as a success toast.
 */
export function useErase(onErased: (erasure: Erasure) => Promise<void> | void) {
  return useAction({
    mutationFn: (body: ErasureBody, key: string) =>
      call(customerErase, { body, headers: { [idempotencyHeader]: key } }),
    onSuccess: ({ data }) => onErased(data),
  })
}
