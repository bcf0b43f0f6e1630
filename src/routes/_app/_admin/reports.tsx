import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { ReportForm } from '../../../features/reports/report-form.tsx'

export const Route = createFileRoute('/_app/_admin/reports')({
  staticData: { layout: { backButton: 'history' } },
  component: () => (
    <Page title={<Trans>Reports</Trans>} width="narrow">
      <ReportForm />
    </Page>
  ),
})
