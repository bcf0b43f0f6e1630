import { Outlet } from '@tanstack/react-router'
import { Header } from './header.tsx'
import { Footer } from './footer.tsx'
import { SkipLink } from './skip-link.tsx'
import { UpdateBanner } from '../features/offline/update-banner.tsx'
import styles from './app-shell.module.css'

export function AppShell() {
  return (
    <div className={styles.shell}>
      <SkipLink />
      <Header />
      <UpdateBanner />
      <div className={styles.content}>
        <Outlet />
      </div>
      <Footer />
    </div>
  )
}
