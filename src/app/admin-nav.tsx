import { Link, Outlet } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import styles from './admin-nav.module.css'

/**
 * The administration's one navigation, the same on each of its screens and on the admin's home:
 * the screen open (or the one a page belongs to, a user's under Users) is marked as the current
 * page.
 */
export function AdminNav() {
  const { t } = useLingui()
  return (
    <nav aria-label={t`Administration`} className={styles.nav}>
      <ul className={styles.list}>
        <li>
          <Link to="/dashboard" className={styles.link}>
            <Trans>Dashboard</Trans>
          </Link>
        </li>
        <li>
          <Link to="/review" className={styles.link}>
            <Trans>Review</Trans>
          </Link>
        </li>
        <li>
          <Link to="/reports" className={styles.link}>
            <Trans>Reports</Trans>
          </Link>
        </li>
        <li>
          <Link to="/audit" className={styles.link}>
            <Trans>Audit log</Trans>
          </Link>
        </li>
        <li>
          <Link to="/devices" className={styles.link}>
            <Trans>Devices</Trans>
          </Link>
        </li>
        <li>
          <Link to="/catalogue" className={styles.link}>
            <Trans>Catalogue</Trans>
          </Link>
        </li>
        <li>
          <Link to="/users" className={styles.link}>
            <Trans>Users</Trans>
          </Link>
        </li>
        <li>
          <Link to="/stores" className={styles.link}>
            <Trans>Stores</Trans>
          </Link>
        </li>
        <li>
          <Link to="/content" className={styles.link}>
            <Trans>Content</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  )
}

/** Every administration screen: the navigation, then the screen. */
export function AdminLayout() {
  return (
    <>
      <AdminNav />
      <Outlet />
    </>
  )
}
