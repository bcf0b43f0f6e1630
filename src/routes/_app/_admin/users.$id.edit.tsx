import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { UserFormCard } from '../../../features/users/user-form.tsx'
import { DeleteUser } from '../../../features/users/delete-user.tsx'
import { UserSessions } from '../../../features/users/user-sessions.tsx'
import { canManage } from '../../../features/users/user-roles.ts'
import { useSession } from '../../../api/use-session.ts'
import { storeQueryOptions } from '../../../api/store-queries.ts'
import { loadUser, userQueryOptions } from '../../../features/users/user-queries.ts'
import { idParams } from '../../../routing/route-params.ts'

export const Route = createFileRoute('/_app/_admin/users/$id/edit')({
  params: idParams,
  staticData: { layout: { backButton: '/users' } },
  loader: async ({ context, params }) => {
    const user = await loadUser(context.queryClient, params.id)
    // The manager's store as the store picker shows it (name and city); none if it is gone.
    const store = user.expertStore
      ? await context.queryClient
          .query({ ...storeQueryOptions(user.expertStore.id), staleTime: 'static' })
          .catch(() => null)
      : null
    return { store }
  },
  component: EditUserPage,
})

function EditUserPage() {
  const { t } = useLingui()
  const { id } = Route.useParams()
  const { data: user } = useSuspenseQuery(userQueryOptions(id))
  const { store } = Route.useLoaderData()
  const session = useSession()
  return (
    <Page title={t`Edit user`} width="narrow" actions={<DeleteUser user={user} />}>
      <UserFormCard key={user.id} user={user} store={store} />
      {canManage(session?.user.role, user) && <UserSessions userId={user.id} />}
    </Page>
  )
}
