import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { listSearchSchema } from '../../../routing/route-params.ts'
import { DeviceList } from '../../../features/devices/device-list.tsx'

const devicesSearchSchema = v.object({
  ...listSearchSchema.entries,
  attention: v.fallback(v.optional(v.boolean()), undefined),
})

export const Route = createFileRoute('/_app/_admin/devices')({
  validateSearch: devicesSearchSchema,
  component: DevicesPage,
})

function DevicesPage() {
  const { t } = useLingui()
  const search = Route.useSearch()
  const query = search.query ?? ''
  const attention = search.attention ?? false
  const navigate = Route.useNavigate()
  return (
    <Page title={t`Devices`}>
      <DeviceList
        key={`${query}/${String(attention)}`}
        query={query}
        attention={attention}
        onSearch={(next) =>
          void navigate({
            search: {
              ...(next.query ? { query: next.query } : {}),
              ...(next.attention ? { attention: true } : {}),
            },
          })
        }
      />
    </Page>
  )
}
