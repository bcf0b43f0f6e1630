import { useInfiniteQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { AttentionReason, DeviceRow } from '../../contract/device-admin.ts'
import { CheckboxField } from '../../ui/field.tsx'
import { PagedResults, SearchForm } from '../../ui/search-panel.tsx'
import type { Column } from '../../ui/record-table.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { deviceSearchQueryOptions } from './device-queries.ts'
import { RevokeDevice } from './revoke-device.tsx'

/**
 * /devices: every tablet as its last heartbeat told it (docs/behaviour.md#devices), searched by
 * its last user's name, optionally only those that need someone; a lost one can be revoked.
 */
export function DeviceList({
  query,
  attention,
  onSearch,
}: {
  query: string
  attention: boolean
  onSearch: (next: { query: string; attention: boolean }) => void
}) {
  const { t } = useLingui()
  return (
    <>
      <SearchForm
        id="device-search-heading"
        title={<Trans>Find a device</Trans>}
        label={t`Last user's name`}
        query={query}
        onSearch={(next) => onSearch({ query: next, attention })}
      />
      <DeviceResults
        query={query}
        attention={attention}
        onAttention={(next) => onSearch({ query, attention: next })}
      />
    </>
  )
}

const hour = 60 * 60_000

function DeviceResults({
  query,
  attention,
  onAttention,
}: {
  query: string
  attention: boolean
  onAttention: (attention: boolean) => void
}) {
  const { t } = useLingui()
  const format = useFormat()
  const search = useInfiniteQuery(deviceSearchQueryOptions(query, attention))
  const reasons: Record<AttentionReason, string> = {
    oldTrials: t`Trials older than 24 hours`,
    oldVersion: t`App version below the minimum`,
    storageFull: t`Storage over 80 %`,
    silent: t`Not seen for 3 days while holding trials`,
  }
  const age = (since: string) => {
    const hours = Math.max(0, Math.floor((Date.now() - new Date(since).getTime()) / hour))
    return hours < 48
      ? t({ message: plural(hours, { one: '# hour', other: '# hours' }) })
      : t({ message: plural(Math.floor(hours / 24), { one: '# day', other: '# days' }) })
  }
  const megabytes = (bytes: number) => format.number(Math.round(bytes / 1_000_000))
  const columns: Column<DeviceRow>[] = [
    {
      header: <Trans>Last user</Trans>,
      rowHeader: true,
      cell: (device) => (
        <>
          {device.user.fullname}
          <br />
          <small>{device.id.slice(0, 8)}</small>
        </>
      ),
    },
    { header: <Trans>Store</Trans>, cell: (device) => device.store?.name ?? '—' },
    { header: <Trans>Last seen</Trans>, cell: (device) => format.dateTime(device.lastSeenAt) },
    { header: <Trans>App version</Trans>, cell: (device) => device.appVersion },
    {
      header: <Trans>Trials on the device</Trans>,
      numeric: true,
      cell: (device) => {
        const held = device.waiting + device.needsLogin + device.failed
        const oldest = device.oldestWaitingAt
        return (
          <>
            {format.number(held)}
            {held > 0 && oldest !== null && (
              <>
                <br />
                <small>
                  <Trans>oldest {age(oldest)}</Trans>
                </small>
              </>
            )}
          </>
        )
      },
    },
    {
      header: <Trans>Storage</Trans>,
      cell: ({ storage }) =>
        storage.usage !== null && storage.quota ? (
          <Trans>
            {format.number(Math.round((storage.usage / storage.quota) * 100))} % of{' '}
            {megabytes(storage.quota)} MB
          </Trans>
        ) : (
          <Trans>Unknown</Trans>
        ),
    },
    {
      header: <Trans>Needs someone</Trans>,
      cell: (device) =>
        device.attention.length === 0 ? (
          <Trans>No</Trans>
        ) : (
          <ul>
            {device.attention.map((reason) => (
              <li key={reason}>{reasons[reason]}</li>
            ))}
          </ul>
        ),
    },
    {
      header: <Trans>Credential</Trans>,
      actions: true,
      cell: (device) =>
        device.revokedAt === null ? (
          <RevokeDevice device={device} />
        ) : (
          <Trans>Revoked {format.dateTime(device.revokedAt)}</Trans>
        ),
    },
  ]
  return (
    <PagedResults
      id="device-results-heading"
      title={<Trans>Devices</Trans>}
      filters={
        <CheckboxField
          label={<Trans>Only devices that need someone</Trans>}
          checked={attention}
          onCheckedChange={onAttention}
        />
      }
      search={search}
      found={(count) =>
        t({ message: plural(count, { one: '# device found', other: '# devices found' }) })
      }
      columns={columns}
      rowKey={(device) => device.id}
      empty={<Trans>No device matches this search.</Trans>}
    />
  )
}
