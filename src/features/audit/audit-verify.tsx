import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { Button } from '../../ui/button.tsx'
import { RecordSection } from '../../ui/record-table.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { auditVerifyQueryOptions } from './audit-queries.ts'

/**
 * Checks the log's chain on the server (`GET /audit/verify`) when asked: every row's HMAC and that
 * none is missing. A broken chain names the first entry that breaks it.
 */
export function AuditVerify() {
  const format = useFormat()
  const verify = useQuery(auditVerifyQueryOptions())
  const result = verify.data
  const entries = format.number(result?.count ?? 0)
  const broken = result?.firstBrokenId ?? 0
  return (
    <RecordSection id="audit-verify-heading" title={<Trans>Integrity</Trans>}>
      <Button
        variant="secondary"
        loading={verify.isFetching}
        onClick={() => {
          if (!verify.isFetching) void verify.refetch()
        }}
      >
        <Trans>Verify the log</Trans>
      </Button>
      <div role="status">
        {verify.isError && <p>{verify.error.message}</p>}
        {result?.ok && (
          <p>
            <Trans>The log is whole: {entries} entries, none changed.</Trans>
          </p>
        )}
        {result && !result.ok && (
          <p>
            <Trans>The log has been tampered with: entry {broken} is changed or missing.</Trans>
          </p>
        )}
      </div>
    </RecordSection>
  )
}
