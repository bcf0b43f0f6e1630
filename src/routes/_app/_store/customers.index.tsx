import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { Page } from '../../../ui/page.tsx'
import { CustomerSearch } from '../../../features/customers/customer-search.tsx'
import { activateManageCatalog } from '../../../i18n.ts'
import { useSession } from '../../../api/use-session.ts'
import { allows } from '../../../contract/roles.ts'

/** The search text lives in the URL (`?query=`), so Back and a reload keep the results. */
const customerSearchSchema = v.object({
  query: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''), ''),
})

export const Route = createFileRoute('/_app/_store/customers/')({
  // Its texts come with the store screens' (src/i18n.ts).
  beforeLoad: activateManageCatalog,
  validateSearch: customerSearchSchema,
  component: CustomersPage,
})

function CustomersPage() {
  const { t } = useLingui()
  const { query } = Route.useSearch()
  const navigate = Route.useNavigate()
  // The administration's way to a person who took a trial but is no consumer.
  const role = useSession()?.user.role
  const administration = role !== undefined && allows('administration', role)
  return (
    <Page
      title={t`Consumers`}
      actions={
        administration && (
          <Link to="/customers/trial-contact">
            <Trans>A person known only from trials</Trans>
          </Link>
        )
      }
    >
      <CustomerSearch
        key={query}
        query={query}
        onSearch={(next) => void navigate({ search: next ? { query: next } : {} })}
      />
    </Page>
  )
}
