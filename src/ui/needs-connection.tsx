import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

/**
 * What has no connection to come by says so, and what the device can do offline: run and finish
 * trials (they are sent later), see the trials waiting, and open what was looked up in the last 24
 * hours.
 */
export function NeedsConnection() {
  return (
    <div role="status">
      <p>
        <Trans>
          This needs a connection, and this device has none now. It is not among what was kept on
          the device.
        </Trans>
      </p>
      <p>
        <Trans>
          Without a connection you can still run and finish trials (they are sent later), see{' '}
          <Link to="/outbox">the trials waiting</Link>, and open the consumers, vouchers and stores
          looked up on this device in the last 24 hours.
        </Trans>
      </p>
    </div>
  )
}
