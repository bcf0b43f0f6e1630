import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { Fleet, FleetFigure } from '../../contract/device-admin.ts'
import adminStyles from '../../ui/admin/admin.module.css'
import { useFormat } from '../../ui/use-format.ts'
import { fleetQueryOptions } from './device-queries.ts'
import { ageParts, hoursSince, percentOf } from './fleet-view.ts'

/**
 * The figures /devices opens with (docs/behaviour.md#devices), over the tablets not revoked; each
 * count opens the list of the tablets behind it.
 */
export function FleetFigures() {
  const fleet = useQuery(fleetQueryOptions())
  return (
    <section className={adminStyles.card} aria-labelledby="fleet-heading">
      <h2 id="fleet-heading">
        <Trans>The fleet</Trans>
      </h2>
      {fleet.data ? (
        <FleetList fleet={fleet.data} now={fleet.dataUpdatedAt} />
      ) : fleet.isError ? (
        <p role="alert">{fleet.error.message}</p>
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
    </section>
  )
}

/** The figures as of `now`, when they were fetched: an age is told from then. */
function FleetList({ fleet, now }: { fleet: Fleet; now: number }) {
  const { t } = useLingui()
  const age = (at: string) => {
    const { unit, count } = ageParts(hoursSince(at, now))
    return unit === 'hours'
      ? t({ message: plural(count, { one: '# hour', other: '# hours' }) })
      : t({ message: plural(count, { one: '# day', other: '# days' }) })
  }
  const { devices, latestVersion } = fleet
  const notLatest = devices - fleet.onLatest
  const { worstAt, p95At, devices: unsent } = fleet.unsent
  const { storage, silent } = fleet
  const worst = worstAt === null ? null : age(worstAt)
  const p95 = p95At === null ? '—' : age(p95At)
  return (
    <dl className={adminStyles.details}>
      <dt>
        <Trans>On the latest version ({latestVersion})</Trans>
      </dt>
      <ShareOn on={fleet.onLatest} devices={devices} figure="notLatest">
        {t({
          message: plural(notLatest, { one: '# tablet not on it', other: '# tablets not on it' }),
        })}
      </ShareOn>
      {fleet.contentEdition && <EditionFigure edition={fleet.contentEdition} devices={devices} />}
      <dt>
        <Trans>Oldest unsent trial</Trans>
      </dt>
      <dd>
        {worst === null ? (
          <Trans>None</Trans>
        ) : (
          <Trans>
            {worst}; 95th percentile {p95}
          </Trans>
        )}{' '}
        <Link to="/devices" search={{ figure: 'unsent' }}>
          {t({
            message: plural(unsent, {
              one: '# tablet holding unsent trials',
              other: '# tablets holding unsent trials',
            }),
          })}
        </Link>
      </dd>
      <dt>
        <Trans>Storage</Trans>
      </dt>
      <dd>
        <Link to="/devices" search={{ figure: 'storage' }}>
          {t({
            message: plural(storage, {
              one: '# tablet not persistent or nearly full',
              other: '# tablets not persistent or nearly full',
            }),
          })}
        </Link>
      </dd>
      <dt>
        <Trans>Silent</Trans>
      </dt>
      <dd>
        <Link to="/devices" search={{ figure: 'silent' }}>
          {t({
            message: plural(silent, {
              one: '# tablet not heard from for more than a day',
              other: '# tablets not heard from for more than a day',
            }),
          })}
        </Link>
      </dd>
    </dl>
  )
}

/** The content edition in use and how many tablets hold it. */
function EditionFigure({
  edition,
  devices,
}: {
  edition: { id: number; on: number }
  devices: number
}) {
  const { t } = useLingui()
  const { id } = edition
  const notOnEdition = devices - edition.on
  return (
    <>
      <dt>
        <Trans>On the content edition in use ({id})</Trans>
      </dt>
      <ShareOn on={edition.on} devices={devices} figure="notCurrentEdition">
        {t({
          message: plural(notOnEdition, {
            one: '# tablet not on it',
            other: '# tablets not on it',
          }),
          comment: 'it: the content edition, not the app version',
        })}
      </ShareOn>
    </>
  )
}

/** "n of m tablets (x %)", with `children` linking to the list of those not on it. */
function ShareOn({
  on,
  devices,
  figure,
  children,
}: {
  on: number
  devices: number
  figure: FleetFigure
  children: string
}) {
  const { t } = useLingui()
  const format = useFormat()
  const onIt = format.number(on)
  const share = percentOf(on, devices)
  return (
    <dd>
      {t({
        message: plural(devices, { one: `${onIt} of # tablet`, other: `${onIt} of # tablets` }),
      })}
      {share !== null && ` (${format.number(share)} %)`}{' '}
      <Link to="/devices" search={{ figure }}>
        {children}
      </Link>
    </dd>
  )
}
