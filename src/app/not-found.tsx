import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Page } from '../ui/page.tsx'
import { buttonClass } from '../ui/button.tsx'

export function NotFound() {
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
