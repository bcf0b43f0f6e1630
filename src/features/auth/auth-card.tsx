import type { ReactNode } from 'react'
import { DocumentTitle } from '../../ui/document-title.tsx'
import styles from './auth-card.module.css'

/** The frame of the public screens: the brand, a heading, an introduction and the form. */
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
    <main className={styles.page}>
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
