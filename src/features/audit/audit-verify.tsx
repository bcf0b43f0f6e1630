import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/field.tsx'
import { RecordSection } from '../../ui/record-table.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { auditVerifyQueryOptions } from './audit-queries.ts'

/**
 * Checks the log's chain on the server (`GET /audit/verify`) when asked: every row's HMAC, that
 * none is missing or forged, the head's seal, and a checkpoint kept outside the database when one
 * is pasted. A broken chain names the first entry that breaks it; a break an append found and
 * recorded names that entry.
 */
export function AuditVerify() {
  const { t } = useLingui()
  const format = useFormat()
  const [checkpoint, setCheckpoint] = useState('')
  const [asked, setAsked] = useState<{ checkpoint: string; press: number } | null>(null)
  const verify = useQuery(auditVerifyQueryOptions(asked))
  const result = verify.data
  const entries = format.number(result?.count ?? 0)
  const broken = result?.firstBrokenId ?? null
  const recorded = result?.breaks[0]
  return (
    <RecordSection id="audit-verify-heading" title={<Trans>Integrity</Trans>}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!verify.isFetching) setAsked({ checkpoint, press: (asked?.press ?? 0) + 1 })
        }}
      >
        <TextField
          label={t`Checkpoint (optional)`}
          hint={t`A checkpoint printed by npm run audit:checkpoint: the log must still hold it.`}
          value={checkpoint}
          onChange={(event) => setCheckpoint(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" variant="secondary" loading={verify.isFetching}>
          <Trans>Verify the log</Trans>
        </Button>
      </form>
      <div role="status">
        {verify.isError && <p>{verify.error.message}</p>}
        {result?.ok && (
          <p>
            <Trans>The log is whole: {entries} entries, none changed.</Trans>
          </p>
        )}
        {broken !== null && (
          <p>
            <Trans>The log has been tampered with: entry {broken} is changed or missing.</Trans>
          </p>
        )}
        {broken === null && recorded !== undefined && (
          <p>
            <Trans>The log has been tampered with: entry {recorded} records what was found.</Trans>
          </p>
        )}
      </div>
    </RecordSection>
  )
}
