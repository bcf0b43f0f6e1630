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
  /**
   * The heading takes the focus when the page is drawn: for a page that is the outcome of an
   * action (a trial saved), so that a screen reader says it first.
   */
  focusTitle?: boolean
}

/**
 * A screen's main landmark with its heading; the heading is also the browser tab's title.
 * `id="main"` and tabIndex -1 let the skip link, and the app after a navigation, move the focus
 * here.
 */
export function Page({
  title,
  children,
  actions,
  width = 'wide',
  className,
  focusTitle = false,
}: PageProps) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className={cx(styles.page, width === 'narrow' && styles.narrow, className)}
    >
      <DocumentTitle title={title} />
      <div className={styles.heading}>
        <h1
          className={styles.title}
          tabIndex={focusTitle ? -1 : undefined}
          ref={focusTitle ? focusOnMount : undefined}
        >
          {title}
        </h1>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </main>
  )
}

/**
 * Focuses the heading once, as it is put in the page (React calls a ref callback that is always the
 * same function only then). That is before the app moves the focus after a navigation
 * (src/app/use-focus-after-navigation.ts), which finds it placed and leaves it.
 */
function focusOnMount(heading: HTMLHeadingElement | null) {
  heading?.focus({ preventScroll: true })
}

/** A large touch-friendly card, for links such as the manager home tiles. */
export const tileClass = cx(styles.tile)

/** A responsive grid for tiles: two columns on a tablet, more on wide screens. */
export const tileGridClass = cx(styles.tileGrid)
