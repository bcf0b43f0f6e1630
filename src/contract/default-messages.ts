import * as v from 'valibot'
import { messages } from './messages.ts'

/**
 * Rules written without a message of their own answer a message id the catalogs translate, never
 * the validation library's English ("Invalid length: Expected <=120 but received 323"): a field
 * left out is required, a text too long says so, anything else is not valid. The PWA and the
 * server install this before they validate anything.
 */
export function installDefaultMessages(): void {
  v.setGlobalMessage((issue) =>
    issue.kind === 'schema' && issue.input === undefined
      ? messages.required.id
      : messages.invalid.id,
  )
  v.setSpecificMessage(v.maxLength, messages.tooLong.id)
}
