import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { UserSession } from '../../contract/users.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { RecordSection, RecordTable, type Column } from '../../ui/record-table.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { userSessionsQueryOptions, useRevokeSession } from './user-queries.ts'

/**
 * A user's open sessions (docs/behaviour.md#sessions): when each began and was last used, from
 * which address and browser; each can be ended at once, after a confirmation.
 */
export function UserSessions({ userId }: { userId: number }) {
  const { t } = useLingui()
  const format = useFormat()
  const sessions = useQuery(userSessionsQueryOptions(userId))
  const [ending, setEnding] = useState<UserSession | null>(null)
  const revoke = useRevokeSession(userId)
  const columns: Column<UserSession>[] = [
    {
      header: <Trans>Signed in</Trans>,
      cell: (row) => format.dateTime(row.createdAt),
      rowHeader: true,
    },
    { header: <Trans>Last used</Trans>, cell: (row) => format.dateTime(row.lastUsedAt) },
    { header: <Trans>Address</Trans>, cell: (row) => row.clientAddress },
    { header: <Trans>Browser</Trans>, cell: (row) => row.userAgent || t`Unknown` },
    {
      header: <Trans>Kept</Trans>,
      cell: (row) =>
        row.remembered ? <Trans>Stays signed in</Trans> : <Trans>Until the browser closes</Trans>,
    },
    {
      header: <Trans>Action</Trans>,
      actions: true,
      cell: (row) => (
        <Button variant="danger" onClick={() => setEnding(row)}>
          <Trans>End session</Trans>
        </Button>
      ),
    },
  ]
  return (
    <RecordSection id="user-sessions-heading" title={<Trans>Sessions</Trans>}>
      {sessions.isError && <p role="alert">{sessions.error.message}</p>}
      {sessions.data && (
        <RecordTable
          labelledBy="user-sessions-heading"
          rows={sessions.data}
          columns={columns}
          rowKey={(row) => row.id}
          empty={<Trans>Not signed in anywhere.</Trans>}
        />
      )}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open) setEnding(null)
        }}
        danger
        pending={revoke.isPending}
        title={<Trans>End this session?</Trans>}
        description={
          <Trans>
            The browser that uses it is signed out at once. Trials waiting on that device stay
            there.
          </Trans>
        }
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Yes, end it</Trans>}
        onConfirm={() => {
          if (ending) revoke.mutate(ending.id, { onSuccess: () => setEnding(null) })
        }}
      />
    </RecordSection>
  )
}
