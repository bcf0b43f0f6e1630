import { useId, useState, type ReactNode, type SyntheticEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { deviceMessageMaxLength, type DeviceActionBody } from '../../contract/device-actions.ts'
import type { DeviceRow } from '../../contract/device-admin.ts'
import { DangerButton } from '../../ui/admin/danger-button.tsx'
import { Button } from '../../ui/button.tsx'
import { CheckboxField } from '../../ui/field.tsx'
import { LimitedTextField } from '../../ui/length-limit.tsx'
import adminStyles from '../../ui/admin/admin.module.css'
import { useIssueAction } from './device-queries.ts'

/**
 * The remote actions on one tablet (docs/behaviour.md#remote-actions), behind a toggle so that a
 * page of tablets stays readable. Each button issues its action once, whatever the clicks; those
 * that take something from the tablet ask first.
 */
export function ActOnDevice({ device }: { device: DeviceRow }) {
  const [open, setOpen] = useState(false)
  const panel = useId()
  return (
    <>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen(!open)}
      >
        <Trans>Act on this tablet</Trans>
      </Button>
      <div id={panel} hidden={!open} className={adminStyles.adminForm}>
        {open && <ActionPanel device={device} />}
      </div>
    </>
  )
}

function ActionPanel({ device }: { device: DeviceRow }) {
  const deviceId = device.id
  return (
    <>
      <div className={adminStyles.actions}>
        <IssueButton body={{ deviceId, action: 'update' }}>
          <Trans>Update now</Trans>
        </IssueButton>
        <IssueButton body={{ deviceId, action: 'refresh' }}>
          <Trans>Send and refresh</Trans>
        </IssueButton>
      </div>
      <div className={adminStyles.actions}>
        {device.people.map((person) => (
          <SignOutButton key={person.id} deviceId={deviceId} person={person} />
        ))}
        <WipeButton deviceId={deviceId} />
      </div>
      <MessageForm deviceId={deviceId} />
    </>
  )
}

function IssueButton({ body, children }: { body: DeviceActionBody; children: ReactNode }) {
  const issue = useIssueAction()
  return (
    <Button variant="secondary" loading={issue.isPending} onClick={() => issue.mutate(body)}>
      {children}
    </Button>
  )
}

function SignOutButton({
  deviceId,
  person,
}: {
  deviceId: string
  person: DeviceRow['people'][number]
}) {
  const issue = useIssueAction()
  const name = person.fullname
  return (
    <DangerButton
      label={<Trans>Sign out {name} on this tablet</Trans>}
      pending={issue.isPending}
      title={<Trans>Sign out {name} on this tablet?</Trans>}
      description={
        <Trans>
          The tablet signs them out at its next heartbeat, once no trial is open. Their finished
          trials still go out.
        </Trans>
      }
      confirmLabel={<Trans>Yes, sign out</Trans>}
      onConfirm={(done) =>
        issue.mutate({ deviceId, action: 'sign-out', userId: person.id }, { onSuccess: done })
      }
    />
  )
}

function WipeButton({ deviceId }: { deviceId: string }) {
  const issue = useIssueAction()
  const [lost, setLost] = useState(false)
  return (
    <DangerButton
      label={<Trans>Wipe kept data</Trans>}
      pending={issue.isPending}
      title={<Trans>Wipe the data kept on this tablet?</Trans>}
      description={
        <Trans>
          The customers, vouchers and drafts kept on it are deleted once the trial in progress ends.
          The finished trials, the tablet's id and its sign-ins stay, so those trials still go out.
        </Trans>
      }
      details={
        <CheckboxField
          label={<Trans>The tablet is lost: wipe at once, even inside a trial</Trans>}
          checked={lost}
          onCheckedChange={setLost}
        />
      }
      confirmLabel={<Trans>Yes, wipe</Trans>}
      onConfirm={(done) => issue.mutate({ deviceId, action: 'wipe', lost }, { onSuccess: done })}
    />
  )
}

function MessageForm({ deviceId }: { deviceId: string }) {
  const { t } = useLingui()
  const issue = useIssueAction()
  const [text, setText] = useState('')
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (text.trim() === '') return
    issue.mutate({ deviceId, action: 'message', text }, { onSuccess: () => setText('') })
  }
  return (
    <form className={adminStyles.filters} onSubmit={submit}>
      <LimitedTextField
        label={t`Message to the person using this tablet`}
        value={text}
        maxLength={deviceMessageMaxLength}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={adminStyles.actions}>
        <Button type="submit" variant="secondary" loading={issue.isPending}>
          <Trans>Send the message</Trans>
        </Button>
      </div>
    </form>
  )
}
