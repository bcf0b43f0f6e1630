import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useFormat } from '../../ui/use-format.ts'
import adminStyles from '../../ui/admin/admin.module.css'
import { deviceSummaryQueryOptions } from './device-queries.ts'

/** The dashboard's "trials still on devices", with the way to the devices that need someone. */
export function DeviceSummary() {
  const format = useFormat()
  const summary = useQuery(deviceSummaryQueryOptions())
  return (
    <section className={adminStyles.card} aria-labelledby="device-summary-heading">
      <h2 id="device-summary-heading">
        <Trans>Trials still on devices</Trans>
      </h2>
      {summary.data ? (
        <p>
          <Trans>
            {format.number(summary.data.trials)} trials on {format.number(summary.data.devices)}{' '}
            devices; {format.number(summary.data.attention)} devices need someone.
          </Trans>{' '}
          <Link to="/devices" search={{ attention: true }}>
            <Trans>See the devices</Trans>
          </Link>
        </p>
      ) : summary.isError ? (
        <p role="alert">{summary.error.message}</p>
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
    </section>
  )
}
