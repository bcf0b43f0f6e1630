import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../api/use-session.ts'
import { useOutbox } from '../../offline/use-outbox.ts'
import { sendOutboxNow } from '../../offline/outbox-runner.ts'
import { OutboxList } from '../../features/offline/outbox-list.tsx'
import { exportOutbox } from '../../features/offline/export-outbox.ts'
import { Page } from '../../ui/page.tsx'
import { Button } from '../../ui/button.tsx'

export const Route = createFileRoute('/_app/outbox')({
  staticData: { layout: { backButton: 'history' } },
  component: OutboxPage,
})

function OutboxPage() {
  const userId = useSession()?.user.id
  const items = useOutbox(userId)
  return (
    <Page
      title={<Trans>Trials waiting to be sent</Trans>}
      actions={
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
      <OutboxList items={items} />
    </Page>
  )
}
