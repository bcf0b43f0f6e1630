import { useState } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { Quarantined } from '../../contract/quarantine-requests.ts'
import type { ReviewSearch } from '../../routing/review-search.ts'
import { Button } from '../../ui/button.tsx'
import { SelectField } from '../../ui/admin/select-field.tsx'
import type { Column } from '../../ui/record-table.tsx'
import { PagedResults } from '../../ui/search-panel.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { ExpertCombobox, type Expert } from './expert-combobox.tsx'
import {
  chosenListState,
  quarantineFilterOf,
  quarantineListStates,
  quarantineSearchOf,
  type QuarantineListState,
} from './quarantine-filter.ts'
import { quarantineQueryOptions } from './quarantine-queries.ts'
import { expertQueryOptions } from './review-queries.ts'
import { quarantineStateLabels } from './review-words.ts'
import styles from '../../ui/admin/admin.module.css'

/**
 * /review?flag=quarantined: the trials the server refused for good and their tablets handed over
 * (docs/api.md#quarantine), waiting ones first by default, newest first; each opens its page,
 * where it is corrected and accepted, or rejected.
 */
export function QuarantineQueue({
  search,
  onSearch,
}: {
  search: ReviewSearch
  onSearch: (search: ReviewSearch) => void
}) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const filter = quarantineFilterOf(search)
  const items = useInfiniteQuery(quarantineQueryOptions(filter))
  const columns: Column<Quarantined>[] = [
    {
      header: <Trans>Received</Trans>,
      rowHeader: true,
      cell: (item) => (
        <Link to="/quarantine/$id" params={{ id: item.id }}>
          {format.dateTime(item.receivedAt)}
        </Link>
      ),
    },
    { header: <Trans>Brand Expert</Trans>, cell: (item) => item.user.fullname },
    { header: <Trans>Store</Trans>, cell: (item) => item.store?.name ?? t`No store found` },
    // The refusal's code is a message id: the server's words for it, in the admin's language.
    { header: <Trans>Refused because</Trans>, cell: (item) => i18n._(item.code) },
    {
      header: <Trans>State</Trans>,
      cell: (item) => i18n._(quarantineStateLabels[item.state]),
    },
  ]
  return (
    <PagedResults
      id="quarantine-heading"
      title={<Trans>Quarantined trials</Trans>}
      filters={
        <QuarantineFilters key={JSON.stringify(search)} search={search} onSearch={onSearch} />
      }
      search={items}
      found={(count) => t({ message: plural(count, { one: '# trial', other: '# trials' }) })}
      columns={columns}
      rowKey={(item) => item.id}
      empty={<Trans>No quarantined trial matches these filters.</Trans>}
    />
  )
}

/** State and expert, put in the URL by Apply; the tablet the Devices screen named, until cleared. */
function QuarantineFilters({
  search,
  onSearch,
}: {
  search: ReviewSearch
  onSearch: (search: ReviewSearch) => void
}) {
  const { t, i18n } = useLingui()
  const { user, device } = quarantineFilterOf(search)
  const [state, setState] = useState<QuarantineListState>(() => chosenListState(search))
  const named = useQuery(expertQueryOptions(user))
  const [expert, setExpert] = useState<Expert | null>(null)
  const [chosenUser, setChosenUser] = useState<number | null>(user ?? null)
  const shownExpert = expert ?? (named.data && chosenUser === named.data.id ? named.data : null)
  return (
    <form
      aria-labelledby="quarantine-heading"
      className={styles.filters}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(quarantineSearchOf({ state, user: chosenUser }, device))
      }}
    >
      <SelectField
        label={t`State`}
        value={state}
        options={quarantineListStates.map((value) => ({
          value,
          label: value === 'all' ? t`Every state` : i18n._(quarantineStateLabels[value]),
        }))}
        onChange={setState}
      />
      {(user === undefined || !named.isPending) && (
        <ExpertCombobox
          value={shownExpert}
          onChange={(next) => {
            setExpert(next)
            setChosenUser(next?.id ?? null)
          }}
        />
      )}
      <div className={styles.actions}>
        <Button type="submit">
          <Trans>Apply</Trans>
        </Button>
      </div>
      {device !== undefined && (
        <p className={styles.hint}>
          <Trans>Handed over by the tablet {device.slice(0, 8)}.</Trans>{' '}
          <Link to="/review" search={quarantineSearchOf({ state, user: chosenUser }, undefined)}>
            <Trans>Show every tablet's</Trans>
          </Link>
        </p>
      )}
    </form>
  )
}
