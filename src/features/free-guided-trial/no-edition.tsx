import { useRouter } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/button.tsx'
import { Page } from '../../ui/page.tsx'

/**
 * A tablet that has never been online since it was set up holds no content edition, so the
 * wizard has no answers to offer (docs/behaviour.md#content-editions-on-a-tablet).
 */
export function NoEdition() {
  const { t } = useLingui()
  const router = useRouter()
  return (
    <Page title={t`Free guided trial`}>
      <p role="alert">
        {t`The trial's answers are not on this tablet yet: they come with the first connection. Connect the tablet, then try again.`}
      </p>
      <Button onClick={() => void router.invalidate()}>{t`Try again`}</Button>
    </Page>
  )
}
