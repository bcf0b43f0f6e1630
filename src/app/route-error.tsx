import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Page } from '../ui/page.tsx'
import { Button } from '../ui/button.tsx'
import { NeedsConnection } from '../ui/needs-connection.tsx'
import { ApiError } from '../api/api-error.ts'
import { referenceLine } from '../api/reference-line.ts'

/**
 * A screen whose data failed to load: the reason, and a way to try again. With no connection it
 * says what the device can do without one.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui()
  const router = useRouter()
  const offline = error instanceof ApiError && error.status === 0
  return (
    <Page title={offline ? t`No connection` : t`Something went wrong`}>
      {offline ? (
        <NeedsConnection />
      ) : (
        <div role="alert">
          <p>{error instanceof Error ? error.message : String(error)}</p>
          {referenceLine(error) && <p>{referenceLine(error)}</p>}
        </div>
      )}
      <Button
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        <Trans>Try again</Trans>
      </Button>
    </Page>
  )
}
