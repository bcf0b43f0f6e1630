import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../ui/page.tsx'

/** A screen whose route and guard are in place and whose content comes with a later issue. */
export function ComingSoon({ title }: { title: ReactNode }) {
  return (
    <Page title={title}>
      <p>
        <Trans>This screen is not built yet.</Trans>
      </p>
    </Page>
  )
}
