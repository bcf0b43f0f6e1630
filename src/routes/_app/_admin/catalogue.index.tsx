import { createFileRoute, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { buttonClass } from '../../../ui/button.tsx'
import { listSearchSchema } from '../../../routing/route-params.ts'
import { catalogueList } from '../../../features/catalogue-admin/catalogue-form.ts'
import { CatalogueLists } from '../../../features/catalogue-admin/catalogue-lists.tsx'

const catalogueSearchSchema = v.object({
  ...listSearchSchema.entries,
  // Any text here (the route's definition stays in the first chunk); the page reads one it knows.
  list: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(20))), undefined),
})

export const Route = createFileRoute('/_app/_admin/catalogue/')({
  validateSearch: catalogueSearchSchema,
  component: CataloguePage,
})

function CataloguePage() {
  const { t } = useLingui()
  const search = Route.useSearch()
  const list = catalogueList(search.list)
  const query = search.query ?? ''
  const navigate = Route.useNavigate()
  return (
    <Page
      title={t`Catalogue`}
      actions={
        <Link
          to="/catalogue/$kind/$id"
          params={{ kind: list, id: 'new' }}
          className={buttonClass('primary')}
        >
          {list === 'packs' ? (
            <Trans>New pack</Trans>
          ) : list === 'sticks' ? (
            <Trans>New stick</Trans>
          ) : (
            <Trans>New device</Trans>
          )}
        </Link>
      }
    >
      <CatalogueLists
        key={`${list}/${query}`}
        list={list}
        query={query}
        onSearch={(next) => void navigate({ search: { list, ...(next ? { query: next } : {}) } })}
      />
    </Page>
  )
}
