import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from '../../ui/button.tsx'

/**
 * A password page opened without the code its emailed link carries: said at once, with the way to
 * a new link, rather than a form whose every submission would be refused.
 */
export function LinkWithoutToken({ kind }: { kind: 'reset' | 'setup' }) {
  return (
    <div role="alert">
      <p>
        <Trans>
          This page opens from the link in your email, and the link's code is missing. Open the link
          from the email again, whole.
        </Trans>
      </p>
      {kind === 'reset' ? (
        <Link to="/forgot-password" className={buttonClass('primary')}>
          <Trans>Ask for a new link</Trans>
        </Link>
      ) : (
        <p>
          <Trans>If it still does not open, ask your administrator for a new invitation.</Trans>
        </p>
      )}
    </div>
  )
}
