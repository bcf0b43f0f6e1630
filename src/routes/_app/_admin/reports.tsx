import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { ReportForm } from '../../../features/reports/report-form.tsx'

export const Route = createFileRoute('/_app/_admin/reports')({
  staticData: { layout: { backButton: 'history' } },
  component: ReportsPage,
})

function ReportsPage() {
  const { t } = useLingui()
  return (
    <Page title={t`Reports`} width="narrow">
      <ReportForm />
    </Page>
  )
}
