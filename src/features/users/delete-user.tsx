import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../api/use-session.ts'
import type { ManagedUser } from '../../contract/users.ts'
import { DangerButton } from '../../ui/admin/danger-button.tsx'
import { useDeleteUser } from './user-queries.ts'
import { canManage } from './user-roles.ts'

/** Delete with a confirmation; nobody is offered to delete themselves. */
export function DeleteUser({ user }: { user: ManagedUser }) {
  const session = useSession()
  const navigate = useNavigate()
  const remove = useDeleteUser()
  // Nobody deletes themselves; only a super user deletes a super user.
  if (session?.user.id === user.id || !canManage(session?.user.role, user)) return null
  const name = user.fullname
  return (
    <DangerButton
      label={<Trans>Delete user</Trans>}
      pending={remove.isPending}
      title={<Trans>Delete the user?</Trans>}
      description={
        <Trans>{name} will no longer be able to sign in. Their trials stay in the history.</Trans>
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
