import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ComingSoon } from '../../../features/layout/coming-soon.tsx'
import { searchQuerySchema } from '../../../contract/http.ts'

export const Route = createFileRoute('/_app/_admin/stores/')({
  validateSearch: searchQuerySchema,
  component: () => <ComingSoon title={<Trans>Stores</Trans>} />,
})
