import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from '../button.tsx'

/**
 * The admin lists' page actions: the dashboard, the reports, the audit log and the devices, then
 * the list's own (`children`).
 */
export function AdminActions({ children }: { children: ReactNode }) {
  return (
    <>
      <Link to="/dashboard" className={buttonClass('secondary')}>
        <Trans>Dashboard</Trans>
      </Link>
      <Link to="/reports" className={buttonClass('secondary')}>
        <Trans>Reports</Trans>
      </Link>
      <Link to="/audit" className={buttonClass('secondary')}>
        <Trans>Audit log</Trans>
      </Link>
      <Link to="/devices" className={buttonClass('secondary')}>
        <Trans>Devices</Trans>
      </Link>
      {children}
    </>
  )
}
