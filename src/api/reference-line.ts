import { t } from '@lingui/core/macro'
import { ApiError } from './api-error.ts'

/** "Reference: 3ec33f67" under an error a user may report, when the server named the request. */
export function referenceLine(error: unknown): string | undefined {
  const reference = error instanceof ApiError ? error.reference : undefined
  return reference ? t`Reference: ${reference}` : undefined
}
