import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../ui/page.tsx'
import { Button } from '../../ui/button.tsx'

/** A screen whose data failed to load: the reason, and a way to try again. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <Page title={<Trans>Something went wrong</Trans>}>
      <p role="alert">{error instanceof Error ? error.message : String(error)}</p>
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
