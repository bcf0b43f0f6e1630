import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { Page } from '../../../ui/page.tsx'
import { codeSearchParam, dateRangeSearchSchema } from '../../../routing/route-params.ts'
import { AuditLog } from '../../../features/audit/audit-log.tsx'
import { AuditVerify } from '../../../features/audit/audit-verify.tsx'

/**
 * The filter in the URL. The act is any short text here (the list of acts is admin code, kept out
 * of the route tree everyone loads); the log's screen sends only a known one.
 */
const auditSearchSchema = v.object({
  ...dateRangeSearchSchema.entries,
  query: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))), undefined),
  action: codeSearchParam,
})

export const Route = createFileRoute('/_app/_admin/audit')({
  validateSearch: auditSearchSchema,
  staticData: { layout: { backButton: 'history' } },
  component: AuditPage,
})

function AuditPage() {
  const { t } = useLingui()
  const filter = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <Page title={t`Audit log`}>
      <AuditVerify />
      <AuditLog
        filter={filter}
        onFilter={(next) => void navigate({ search: next, replace: true })}
      />
    </Page>
  )
}
