import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/page.tsx'
import { UserFormCard } from '../../../features/users/user-form.tsx'

export const Route = createFileRoute('/_app/_admin/users/new')({
  staticData: { layout: { backButton: '/users' } },
  component: NewUserPage,
})

function NewUserPage() {
  const { t } = useLingui()
  return (
    <Page title={t`New user`} width="narrow">
      <UserFormCard />
    </Page>
  )
}
