import { useState, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { TextField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import styles from './home.module.css'

/**
 * A free-text search on the home that opens the search screen it names with what was typed (an
 * empty search lists everything); `SearchForm` in src/ui/search-panel.tsx is that screen's own.
 */
export function SearchShortcut({
  heading,
  label,
  onSearch,
}: {
  heading: ReactNode
  label: string
  onSearch: (query: string) => void
}) {
  const [query, setQuery] = useState('')
  return (
    <form
      role="search"
      className={styles.searchForm}
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(query.trim())
      }}
    >
      <h2 className={styles.searchHeading}>{heading}</h2>
      <div className={styles.searchRow}>
        <TextField label={label} value={query} onChange={(event) => setQuery(event.target.value)} />
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
      </div>
    </form>
  )
}
