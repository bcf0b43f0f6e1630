import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { useLingui } from '@lingui/react/macro'
import { fleetFigures, type FleetFigure } from '../../../contract/device-admin.ts'
import { Page } from '../../../ui/page.tsx'
import { listSearchSchema } from '../../../routing/route-params.ts'
import { DeviceList } from '../../../features/devices/device-list.tsx'
import { FleetFigures } from '../../../features/devices/fleet-figures.tsx'

const devicesSearchSchema = v.object({
  ...listSearchSchema.entries,
  attention: v.fallback(v.optional(v.boolean()), undefined),
  // Any text here: the route's definition stays in the first chunk, which the administration's
  // contract must not reach; the page keeps only a figure it knows.
  figure: v.fallback(v.optional(v.string()), undefined),
})

const isFigure = (figure: string | undefined): figure is FleetFigure =>
  fleetFigures.some((known) => known === figure)

export const Route = createFileRoute('/_app/_admin/devices')({
  validateSearch: devicesSearchSchema,
  component: DevicesPage,
})

function DevicesPage() {
  const { t } = useLingui()
  const search = Route.useSearch()
  const query = search.query ?? ''
  const attention = search.attention ?? false
  const figure = isFigure(search.figure) ? search.figure : undefined
  const navigate = Route.useNavigate()
  return (
    <Page title={t`Devices`}>
      <FleetFigures />
      <DeviceList
        key={`${query}/${String(attention)}/${figure ?? ''}`}
        query={query}
        attention={attention}
        figure={figure}
        onSearch={(next) =>
          void navigate({
            search: {
              ...(next.query ? { query: next.query } : {}),
              ...(next.attention ? { attention: true } : {}),
              ...(next.figure ? { figure: next.figure } : {}),
            },
          })
        }
      />
    </Page>
  )
}
