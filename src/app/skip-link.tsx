import type { MouseEvent } from 'react'
import { Trans } from '@lingui/react/macro'
import styles from './skip-link.module.css'

/**
 * The first stop of the Tab key: past the header to the screen's content (Page's `#main`). Shown
 * only while it has the focus. The focus moves by script: following the link would add `#main` to
 * the address and a step to the history.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    document.getElementById('main')?.focus()
  }
  return (
    <a href="#main" className={styles.skipLink} onClick={skip}>
      <Trans>Skip to content</Trans>
    </a>
  )
}
