import type { ReactNode } from 'react'
import { cx } from './cx.ts'
import { DocumentTitle } from './document-title.tsx'
import styles from './page.module.css'

export interface PageProps {
  /** The page's one h1, and the browser tab's title (so a string: a `<title>` holds only text). */
  title: string
  children?: ReactNode
  /** Beside the title on wide screens, below it on narrow ones (e.g. a "New" button). */
  actions?: ReactNode
  /** `narrow` (36rem) suits single forms; `wide` (72rem, default) suits lists and dashboards. */
  width?: 'narrow' | 'wide'
  className?: string
}

/**
 * A screen's main landmark with its heading. `id="main"` and tabIndex -1 let a skip link or
 * the router move focus here after navigation.
 */
export function Page({ title, children, actions, width = 'wide', className }: PageProps) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className={cx(styles.page, width === 'narrow' && styles.narrow, className)}
    >
      <DocumentTitle title={title} />
      <div className={styles.heading}>
        <h1 className={styles.title}>{title}</h1>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </main>
  )
}

/** A large touch-friendly card, for links such as the manager home tiles. */
export const tileClass = cx(styles.tile)

/** A responsive grid for tiles: two columns on a tablet, more on wide screens. */
export const tileGridClass = cx(styles.tileGrid)
