import { createFileRoute, Link } from '@tanstack/react-router'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { Page } from '../../../ui/page.tsx'
import { buttonClass } from '../../../ui/button.tsx'
import { Trans } from '@lingui/react/macro'
import { storeQueryOptions } from '../../../api/store-queries.ts'
import { dateRangeSearchSchema, idParams } from '../../../routing/route-params.ts'
import { loadStore } from '../../../features/store-admin/store-admin-queries.ts'
import { StoreDetails } from '../../../features/store-admin/store-details.tsx'
import { StoreLog } from '../../../features/store-admin/store-log.tsx'
import { DeleteStore } from '../../../features/store-admin/delete-store.tsx'
import { StoreManagers } from '../../../features/users/store-managers.tsx'
import { storeManagersQueryOptions } from '../../../features/users/user-queries.ts'

const storeLogSearchSchema = v.object({
  ...dateRangeSearchSchema.entries,
  user: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
})

export const Route = createFileRoute('/_app/_admin/stores/$id/')({
  params: idParams,
  validateSearch: storeLogSearchSchema,
  staticData: { layout: { backButton: '/stores' } },
  loader: ({ context, params }) => loadStore(context.queryClient, params.id),
  component: StorePage,
})

function StorePage() {
  const { id } = Route.useParams()
  const filter = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data: store } = useSuspenseQuery(storeQueryOptions(id))
  const managers = useQuery(storeManagersQueryOptions(id))
  return (
    <Page
      title={store.name}
      actions={
        <>
          <Link to="/stores/$id/edit" params={{ id }} className={buttonClass('secondary')}>
            <Trans>Edit store</Trans>
          </Link>
          <DeleteStore store={store} />
        </>
      }
    >
      <StoreDetails store={store} />
      <StoreManagers storeId={id} />
      <StoreLog
        storeId={id}
        managers={managers.data?.rows ?? []}
        filter={filter}
        onFilter={(next) => void navigate({ search: next, replace: true })}
      />
    </Page>
  )
}
