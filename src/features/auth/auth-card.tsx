import type { ReactNode } from 'react'
import { DocumentTitle } from '../../ui/document-title.tsx'
import styles from './auth-card.module.css'

/**
 * The frame of the public screens: the brand, a heading, an introduction and the form. Its main is
 * the app's `#main`, where the focus goes after a move from one of these screens to another.
 */
export function AuthCard({
  title,
  intro,
  children,
}: {
  /** The heading, and the browser tab's title. */
  title: string
  intro?: ReactNode
  children: ReactNode
}) {
  return (
    <main id="main" tabIndex={-1} className={styles.page}>
      <DocumentTitle title={title} />
      <div className={styles.card}>
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <span>Brand Expert</span>
        </div>
        <h1 className={styles.title}>{title}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </div>
    </main>
  )
}
