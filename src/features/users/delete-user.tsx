import { Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { useSession } from '../../api/use-session.ts'
import type { ManagedUser, UserDevice } from '../../contract/users.ts'
import { DangerButton } from '../../ui/admin/danger-button.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { useDeleteUser, userDevicesQueryOptions } from './user-queries.ts'
import { canManage } from './user-roles.ts'

/** Delete with a confirmation; nobody is offered to delete themselves. */
export function DeleteUser({ user }: { user: ManagedUser }) {
  const session = useSession()
  // Nobody deletes themselves; only a super user deletes a super user.
  if (session?.user.id === user.id || !canManage(session?.user.role, user)) return null
  return <DeleteUserButton user={user} />
}

function DeleteUserButton({ user }: { user: ManagedUser }) {
  const navigate = useNavigate()
  const remove = useDeleteUser()
  const devices = useQuery(userDevicesQueryOptions(user.id))
  const name = user.fullname
  return (
    <DangerButton
      label={<Trans>Delete user</Trans>}
      pending={remove.isPending}
      title={<Trans>Delete the user?</Trans>}
      description={
        <Trans>{name} will no longer be able to sign in. Their trials stay in the history.</Trans>
      }
      details={
        <>
          {devices.isError && <p role="alert">{devices.error.message}</p>}
          {devices.data && devices.data.length > 0 && <HeldDevices devices={devices.data} />}
        </>
      }
      confirmLabel={<Trans>Yes, delete</Trans>}
      onConfirm={(done) =>
        remove.mutate(user.id, {
          onSuccess: () => {
            done()
            void navigate({ to: '/users' })
          },
        })
      }
    />
  )
}

/**
 * The tablets where the user still holds a device credential, which deleting them leaves working
 * (decision 16): the admin sees the trials waiting on each, and can revoke one from its row on the
 * Devices screen.
 */
function HeldDevices({ devices }: { devices: UserDevice[] }) {
  const { t } = useLingui()
  const format = useFormat()
  return (
    <>
      <p>
        <Trans>
          Their device credential keeps working on these tablets, so the trials waiting there are
          still sent. Revoke a lost tablet on the Devices screen.
        </Trans>
      </p>
      <ul>
        {devices.map((device) => {
          const label = device.id.slice(0, 8)
          return (
            <li key={device.id}>
              <Link to="/devices" search={{ query: device.id }}>
                <Trans>Device {label}</Trans>
              </Link>
              {': '}
              {device.waiting === null || device.lastSeenAt === null ? (
                <Trans>no heartbeat yet</Trans>
              ) : (
                <>
                  {t({
                    message: plural(device.waiting, {
                      one: '# trial waiting',
                      other: '# trials waiting',
                    }),
                  })}
                  {', '}
                  <Trans>last seen {format.dateTime(device.lastSeenAt)}</Trans>
                </>
              )}
            </li>
          )
        })}
      </ul>
    </>
  )
}
