import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { SearchShortcut } from './search-shortcut.tsx'
import styles from './home.module.css'

/**
 * The admin's home (docs/behaviour.md#screens-and-routes): user search and store search, each
 * opening its list with `?query=`.
 */
export function AdminHome() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const withQuery = (query: string) => (query ? { query } : {})
  return (
    <section className={styles.section}>
      <SearchShortcut
        heading={<Trans>Brand experts and managers</Trans>}
        label={t`Search users by name or email`}
        onSearch={(query) => void navigate({ to: '/users', search: withQuery(query) })}
      />
      <SearchShortcut
        heading={<Trans>Stores</Trans>}
        label={t`Search stores by name, address or city`}
        onSearch={(query) => void navigate({ to: '/stores', search: withQuery(query) })}
      />
    </section>
  )
}
