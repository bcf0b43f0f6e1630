import { createFileRoute } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../api/use-session.ts'
import { useOutbox } from '../../offline/use-outbox.ts'
import { sendOutboxNow } from '../../offline/outbox-runner.ts'
import { OutboxList } from '../../features/offline/outbox-list.tsx'
import { exportOutbox } from '../../features/offline/export-outbox.ts'
import { Page } from '../../ui/page.tsx'
import { Button } from '../../ui/button.tsx'
import { Spinner } from '../../ui/spinner.tsx'

export const Route = createFileRoute('/_app/outbox')({
  staticData: { layout: { backButton: 'history' } },
  component: OutboxPage,
})

function OutboxPage() {
  const { t } = useLingui()
  const userId = useSession()?.user.id
  const items = useOutbox(userId)
  return (
    <Page
      title={<Trans>Trials waiting to be sent</Trans>}
      actions={
        items !== undefined &&
        items.length > 0 && (
          <>
            <Button onClick={() => void sendOutboxNow()}>
              <Trans>Send now</Trans>
            </Button>
            <Button variant="secondary" onClick={() => exportOutbox(items)}>
              <Trans>Export to a file</Trans>
            </Button>
          </>
        )
      }
    >
      {/* Not "every trial has reached the server" before the device's outbox has been read. */}
      {items === undefined ? (
        <Spinner label={t`Reading the trials kept on this device…`} />
      ) : (
        <OutboxList items={items} />
      )}
    </Page>
  )
}
