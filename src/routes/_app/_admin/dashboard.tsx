import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { dateRangeSearchSchema } from '../../../routing/route-params.ts'
import { config } from '../../../config.ts'
import { thisMonth } from '../../../features/reports/report-dates.ts'
import { Dashboard } from '../../../features/reports/dashboard.tsx'
import { DeviceSummary } from '../../../features/devices/device-summary.tsx'
import { LastBackup } from '../../../features/backups/last-backup.tsx'

/** Admin only; the route's component is its own chunk, so managers never load the charts. */
export const Route = createFileRoute('/_app/_admin/dashboard')({
  validateSearch: dateRangeSearchSchema,
  staticData: { layout: { backButton: 'history' } },
  component: DashboardPage,
})

function DashboardPage() {
  const { t } = useLingui()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const month = thisMonth(new Date(), config.timeZone)
  return (
    <Page title={t`Dashboard`}>
      <DeviceSummary />
      <LastBackup />
      <Dashboard
        startAt={search.startAt ?? month.startAt}
        endAt={search.endAt ?? month.endAt}
        onRange={(range) => void navigate({ search: range, replace: true })}
      />
    </Page>
  )
}
