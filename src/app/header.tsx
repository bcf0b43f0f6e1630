import { useRef } from 'react'
import { Link, useMatches, useRouter } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../api/use-session.ts'
import { resolveLayout } from './layout-settings.ts'
import { LogoutButton } from '../features/auth/logout-button.tsx'
import { ConnectionStatus } from '../features/outbox/connection-status.tsx'
import { useFitsBeside } from './use-fits-beside.ts'
import styles from './header.module.css'

export function Header() {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const matches = useMatches()
  const layout = resolveLayout(matches.map((match) => match.staticData.layout))
  const session = useSession()
  const back = layout.backButton
  const name = session?.user.fullname ?? ''
  const actions = useRef<HTMLElement>(null)
  const greeting = useRef<HTMLAnchorElement>(null)
  const greetingText = useRef<HTMLSpanElement>(null)
  // A greeting cut to "Hello, …" says nothing: without room for all of it, the icon stands in.
  const greetingFits = useFitsBeside(actions, greeting, greetingText, `${name}/${i18n.locale}`)

  return (
    <header className={styles.header} data-color={layout.color}>
      <div className={styles.bar}>
        {back && (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t`Back`}
            onClick={() => (back === 'history' ? router.history.back() : router.history.push(back))}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
        )}
        <Link to="/" className={styles.logo} aria-label={t`Brand Expert home`}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span className={styles.logoText}>Brand Expert</span>
        </Link>
        {layout.showHeaderActions && session && (
          <nav ref={actions} className={styles.actions} aria-label={t`Account`}>
            <ConnectionStatus userId={session.user.id} />
            <Link
              ref={greeting}
              to="/settings"
              className={styles.greeting}
              data-compact={greetingFits ? undefined : true}
            >
              {/* On a phone, or without room, the greeting is this icon; its text stays the
                  link's name. */}
              <svg
                className={styles.greetingIcon}
                viewBox="0 0 24 24"
                aria-hidden="true"
                width="24"
                height="24"
              >
                <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
                <path
                  d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                />
              </svg>
              <span ref={greetingText} className={styles.greetingText}>
                <Trans>Hello, {name}</Trans>
              </span>
            </Link>
            <LogoutButton userId={session.user.id} className={styles.logout} />
          </nav>
        )}
      </div>
    </header>
  )
}
