import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { quarantineFlag, reviewSearchSchema } from '../../../routing/review-search.ts'
import { ReviewQueue } from '../../../features/review/review-queue.tsx'
import { QuarantineQueue } from '../../../features/review/quarantine-queue.tsx'
import { isQuarantine } from '../../../features/review/quarantine-filter.ts'
import styles from '../../../ui/records.module.css'

/**
 * The review (docs/behaviour.md#review): the trials the server flagged, and the quarantine's
 * trials it refused for good (`flag=quarantined`). Their filters are the URL's.
 */
export const Route = createFileRoute('/_app/_admin/review')({
  validateSearch: reviewSearchSchema,
  staticData: { layout: { backButton: 'history' } },
  component: ReviewPage,
})

function ReviewPage() {
  const { t } = useLingui()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const quarantine = isQuarantine(search)
  const onSearch = (next: typeof search) => void navigate({ search: next })
  return (
    <Page title={t`Review`}>
      <nav aria-label={t`Review lists`} className={styles.tabs}>
        {/* Marked current by list, whatever its filters. */}
        <Link
          to="/review"
          className={styles.tab}
          activeOptions={{ exact: true }}
          aria-current={quarantine ? undefined : 'page'}
        >
          <Trans>Flagged trials</Trans>
        </Link>
        <Link
          to="/review"
          search={{ flag: quarantineFlag }}
          className={styles.tab}
          activeOptions={{ exact: true }}
          aria-current={quarantine ? 'page' : undefined}
        >
          <Trans>Quarantine</Trans>
        </Link>
      </nav>
      {quarantine ? (
        <QuarantineQueue search={search} onSearch={onSearch} />
      ) : (
        <ReviewQueue search={search} onSearch={onSearch} />
      )}
    </Page>
  )
}
