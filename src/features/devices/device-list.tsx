import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { AttentionReason, DeviceRow, FleetFigure } from '../../contract/device-admin.ts'
import { quarantineFlag } from '../../routing/review-search.ts'
import { Button } from '../../ui/button.tsx'
import { CheckboxField } from '../../ui/field.tsx'
import { PagedResults, SearchForm } from '../../ui/search-panel.tsx'
import type { Column } from '../../ui/record-table.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { deviceSearchQueryOptions } from './device-queries.ts'
import { fleetFigureLabels } from './action-labels.ts'
import { ActOnDevice } from './act-on-device.tsx'
import { LastActions } from './last-actions.tsx'
import { RevokeDevice } from './revoke-device.tsx'

type DeviceSearch = { query: string; attention: boolean; figure?: FleetFigure | undefined }

/**
 * /devices: every tablet as its last heartbeat told it (docs/behaviour.md#devices), searched by
 * its last user's name, optionally only those that need someone or those behind one of the
 * fleet's figures; each can be acted on remotely, and a lost one revoked.
 */
export function DeviceList({
  query,
  attention,
  figure,
  onSearch,
}: DeviceSearch & { onSearch: (next: DeviceSearch) => void }) {
  const { t } = useLingui()
  return (
    <>
      <SearchForm
        id="device-search-heading"
        title={<Trans>Find a device</Trans>}
        label={t`Last user's name`}
        query={query}
        onSearch={(next) => onSearch({ query: next, attention, figure })}
      />
      <DeviceResults
        query={query}
        attention={attention}
        figure={figure}
        onAttention={(next) => onSearch({ query, attention: next, figure })}
        onAllTablets={() => onSearch({ query, attention })}
      />
    </>
  )
}

const hour = 60 * 60_000

function DeviceResults({
  query,
  attention,
  figure,
  onAttention,
  onAllTablets,
}: {
  query: string
  attention: boolean
  figure: FleetFigure | undefined
  onAttention: (attention: boolean) => void
  onAllTablets: () => void
}) {
  const { t } = useLingui()
  const format = useFormat()
  const search = useInfiniteQuery(deviceSearchQueryOptions(query, attention, figure))
  const figureName = figure ? t(fleetFigureLabels[figure]) : ''
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
    {
      header: <Trans>App version</Trans>,
      cell: ({ appVersion, contentEdition }) => (
        <>
          {appVersion}
          {contentEdition !== null && (
            <>
              <br />
              <small>
                <Trans>Content edition {contentEdition}</Trans>
              </small>
            </>
          )}
        </>
      ),
    },
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
            {device.failed > 0 && (
              <>
                <br />
                {/* The refused ones the tablet handed over wait in the Review's quarantine. */}
                <Link to="/review" search={{ flag: quarantineFlag, device: device.id }}>
                  {t({
                    message: plural(device.failed, {
                      one: '# refused, in the quarantine',
                      other: '# refused, in the quarantine',
                    }),
                  })}
                </Link>
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
      header: <Trans>Last actions</Trans>,
      cell: (device) => <LastActions device={device} />,
    },
    {
      header: <Trans>Actions</Trans>,
      actions: true,
      cell: (device) => (
        <>
          <ActOnDevice device={device} />
          {device.revokedAt === null ? (
            <RevokeDevice device={device} />
          ) : (
            <p>
              <Trans>Revoked {format.dateTime(device.revokedAt)}</Trans>
            </p>
          )}
        </>
      ),
    },
  ]
  return (
    <PagedResults
      id="device-results-heading"
      title={<Trans>Devices</Trans>}
      filters={
        <>
          {figure && (
            <p>
              <Trans>Showing: {figureName}</Trans>{' '}
              <Button variant="ghost" onClick={onAllTablets}>
                <Trans>Show every tablet</Trans>
              </Button>
            </p>
          )}
          <CheckboxField
            label={<Trans>Only devices that need someone</Trans>}
            checked={attention}
            onCheckedChange={onAttention}
          />
        </>
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
