import { useInfiniteQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { EditionSummary } from '../../contract/content-requests.ts'
import { Button } from '../../ui/button.tsx'
import type { Column } from '../../ui/record-table.tsx'
import { PagedResults } from '../../ui/search-panel.tsx'
import { useFormat } from '../../ui/use-format.ts'
import adminStyles from '../../ui/admin/admin.module.css'
import { editionsQueryOptions, useCreateDraft } from './content-queries.ts'
import { useStateName } from './edition-state.ts'

/** "New draft": a copy of the edition in use, opened at once (one press, one draft). */
export function NewDraft() {
  const navigate = useNavigate()
  const create = useCreateDraft()
  return (
    <Button
      loading={create.isPending}
      onClick={() =>
        create.mutate(null, {
          onSuccess: ({ data }) => void navigate({ to: '/content/$id', params: { id: data.id } }),
        })
      }
    >
      <Trans>New draft</Trans>
    </Button>
  )
}

/** /content: every edition, newest first, with its state and who published it and when. */
export function EditionList() {
  const { t } = useLingui()
  const format = useFormat()
  const stateName = useStateName()
  const search = useInfiniteQuery(editionsQueryOptions())
  const byline = (time: string, person: { fullname: string } | null) => {
    const when = format.dateTime(time)
    const who = person?.fullname ?? '—'
    return t`${when} by ${who}`
  }
  const columns: Column<EditionSummary>[] = [
    {
      header: <Trans>Edition</Trans>,
      rowHeader: true,
      cell: ({ id }) => (
        <Link to="/content/$id" params={{ id }}>
          {t`Edition ${id}`}
        </Link>
      ),
    },
    { header: <Trans>State</Trans>, cell: (edition) => stateName(edition.state) },
    {
      header: <Trans>Published</Trans>,
      cell: (edition) =>
        edition.publishedAt && edition.state !== 'scheduled'
          ? byline(edition.publishedAt, edition.publishedBy)
          : '—',
    },
    {
      header: <Trans>Scheduled for</Trans>,
      cell: (edition) =>
        edition.state === 'scheduled' && edition.publishAt
          ? byline(edition.publishAt, edition.publishedBy)
          : '—',
    },
    {
      header: <Trans>Made</Trans>,
      cell: (edition) => byline(edition.createdAt, edition.createdBy),
    },
  ]
  return (
    <div className={adminStyles.adminForm}>
      <PagedResults
        id="content-editions-heading"
        title={<Trans>Content editions</Trans>}
        search={search}
        found={(count) => t({ message: plural(count, { one: '# edition', other: '# editions' }) })}
        columns={columns}
        rowKey={(edition) => edition.id}
        empty={<Trans>No edition yet.</Trans>}
      />
    </div>
  )
}
