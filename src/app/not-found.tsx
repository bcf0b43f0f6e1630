import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Page } from '../ui/page.tsx'
import { buttonClass } from '../ui/button.tsx'
import { useSession } from '../api/use-session.ts'
import { AppFrame } from './app-shell.tsx'

/** An unknown address: inside the app's header and footer for someone signed in. */
export function NotFound() {
  const signedIn = useSession() !== null
  return signedIn ? (
    <AppFrame>
      <NotFoundPage />
    </AppFrame>
  ) : (
    <NotFoundPage />
  )
}

function NotFoundPage() {
  const { t } = useLingui()
  return (
    <Page title={t`Page not found`}>
      <p>
        <Trans>The page you were looking for does not exist or has moved.</Trans>
      </p>
      <Link to="/" className={buttonClass('primary')}>
        <Trans>Go to the home page</Trans>
      </Link>
    </Page>
  )
}
