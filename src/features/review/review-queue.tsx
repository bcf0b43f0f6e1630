import { useState } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { reviewStates } from '../../contract/review.ts'
import { rejectionReasonLabels } from '../../contract/decision-labels.ts'
import { reviewStateLabels } from '../../contract/review-labels.ts'
import type { Store } from '../../contract/stores.ts'
import type { Trial } from '../../contract/trial.ts'
import { allStoresQueryOptions } from '../../api/store-queries.ts'
import type { ReviewSearch } from '../../routing/review-search.ts'
import { DateRangeForm } from '../../ui/admin/date-range-form.tsx'
import { SelectField } from '../../ui/admin/select-field.tsx'
import type { Column } from '../../ui/record-table.tsx'
import { PagedResults } from '../../ui/search-panel.tsx'
import { StoreCombobox } from '../../ui/store-combobox.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { ExpertCombobox, type Expert } from './expert-combobox.tsx'
import {
  formOfSearch,
  recordIdOf,
  reviewListFlags,
  searchOfForm,
  type ReviewFilterForm,
} from './review-filter.ts'
import { expertQueryOptions, reviewQueueQueryOptions } from './review-queries.ts'
import { reviewListFlagLabels } from './flag-labels.ts'
import { flagsOf } from './trial-flags.ts'

/**
 * /review: the trials the server flagged (or, with "All trials", every trial), newest first, by
 * flag, review state, store, expert and days; each opens its page, where it is decided.
 */
export function ReviewQueue({
  search,
  onSearch,
}: {
  search: ReviewSearch
  onSearch: (search: ReviewSearch) => void
}) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const trials = useInfiniteQuery(reviewQueueQueryOptions(search))
  const columns: Column<Trial>[] = [
    {
      header: <Trans>Captured</Trans>,
      rowHeader: true,
      cell: (trial) => (
        <Link to="/surveys/$id" params={{ id: trial.id }}>
          {format.dateTime(trial.capturedAt)}
        </Link>
      ),
    },
    { header: <Trans>Trial number</Trans>, cell: (trial) => `#${trial.id}` },
    { header: <Trans>Store</Trans>, cell: (trial) => trial.store.name },
    { header: <Trans>Brand Expert</Trans>, cell: (trial) => trial.user.fullname },
    {
      header: <Trans>Flags</Trans>,
      cell: (trial) =>
        flagsOf(trial)
          .map((flag) => i18n._(reviewListFlagLabels[flag]))
          .join('; '),
    },
    {
      header: <Trans>Review</Trans>,
      cell: ({ review }) => {
        const state = i18n._(reviewStateLabels[review.state])
        return review.reason ? `${state}: ${i18n._(rejectionReasonLabels[review.reason])}` : state
      },
    },
  ]
  return (
    <PagedResults
      id="review-heading"
      title={<Trans>Trials to review</Trans>}
      filters={<ReviewFilters key={JSON.stringify(search)} search={search} onSearch={onSearch} />}
      search={trials}
      found={(count) => t({ message: plural(count, { one: '# trial', other: '# trials' }) })}
      columns={columns}
      rowKey={(trial) => trial.id}
      empty={<Trans>No trial matches these filters.</Trans>}
    />
  )
}

/** The filters: chosen here, put in the URL by Apply (with the days). */
function ReviewFilters({
  search,
  onSearch,
}: {
  search: ReviewSearch
  onSearch: (search: ReviewSearch) => void
}) {
  const { t, i18n } = useLingui()
  const [form, setForm] = useState<ReviewFilterForm>(() => formOfSearch(search))
  // The URL's store and expert by name, for their boxes; then whatever is chosen there.
  const urlStore = recordIdOf(search.store)
  const urlUser = recordIdOf(search.user)
  const stores = useQuery({ ...allStoresQueryOptions(), enabled: urlStore !== undefined })
  const named = useQuery(expertQueryOptions(urlUser))
  const [store, setStore] = useState<Store | null>(null)
  const [expert, setExpert] = useState<Expert | null>(null)
  const shownStore =
    store ?? stores.data?.find((one) => one.id === form.store && one.id === urlStore) ?? null
  const shownExpert = expert ?? (named.data && form.user === named.data.id ? named.data : null)
  const set = (next: Partial<ReviewFilterForm>) => setForm((current) => ({ ...current, ...next }))
  return (
    <DateRangeForm
      range={search}
      labelledBy="review-heading"
      onApply={(range) => onSearch(searchOfForm(form, range))}
    >
      <SelectField
        label={t`Flag`}
        value={form.flag}
        options={reviewListFlags.map((flag) => ({
          value: flag,
          label: i18n._(reviewListFlagLabels[flag]),
        }))}
        onChange={(flag) => set({ flag })}
      />
      <SelectField
        label={t`Review state`}
        value={form.review}
        options={[
          { value: '' as const, label: t`Every state` },
          ...reviewStates.map((state) => ({
            value: state,
            label: i18n._(reviewStateLabels[state]),
          })),
        ]}
        onChange={(review) => set({ review })}
      />
      {/* Drawn once the URL's store and expert are known: each box starts with the name. */}
      {(urlStore === undefined || !stores.isPending) && (
        <StoreCombobox
          required={false}
          value={shownStore}
          onChange={(next) => {
            setStore(next)
            set({ store: next?.id ?? null })
          }}
        />
      )}
      {(urlUser === undefined || !named.isPending) && (
        <ExpertCombobox
          value={shownExpert}
          onChange={(next) => {
            setExpert(next)
            set({ user: next?.id ?? null })
          }}
        />
      )}
    </DateRangeForm>
  )
}
