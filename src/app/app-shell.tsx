import type { ReactNode } from 'react'
import { Outlet } from '@tanstack/react-router'
import { Header } from './header.tsx'
import { Footer } from './footer.tsx'
import { SkipLink } from './skip-link.tsx'
import { UpdateBanner } from './update-banner.tsx'
import styles from './app-shell.module.css'

/** Every screen behind sign-in: the header, the screen and the footer. */
export function AppShell() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  )
}

/** The header and the footer around a screen (`children`). */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <SkipLink />
      <Header />
      <UpdateBanner />
      <div className={styles.content}>{children}</div>
      <Footer />
    </div>
  )
}
