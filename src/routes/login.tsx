import { lazy, Suspense } from 'react'
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { LoginForm } from '../features/auth/login-form.tsx'
import { signOut, unsentTrials } from '../features/auth/sign-out.ts'

const LogoutDialog = lazy(async () => ({
  default: (await import('../features/auth/logout-dialog.tsx')).LogoutDialog,
}))

export const Route = createFileRoute('/login')({
  // The first screen of most visits: it comes with the entry, not one round trip later.
  codeSplitGroupings: [],
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  // Opening the sign-in page signs the current user out (docs/behaviour.md#screens-and-routes),
  // asking first when they have trials that have not reached the server, as the log-out button
  // does: those stay on the device and are sent with their author's device credential.
  beforeLoad: async ({ preload, context }) => {
    if (preload) return { waiting: 0 }
    const waiting = await unsentTrials()
    if (waiting === 0) await signOut(context.queryClient)
    return { waiting }
  },
  component: LoginPage,
})

function LoginPage() {
  const { t } = useLingui()
  const { redirect } = Route.useSearch()
  const { waiting, queryClient } = Route.useRouteContext()
  const navigate = useNavigate()
  const router = useRouter()
  return (
    <AuthCard
      title={t`Welcome`}
      intro={
        <Trans>Sign in to run free guided trials, check vouchers and look up customers.</Trans>
      }
    >
      <LoginForm redirect={redirect} />
      {waiting > 0 && (
        <Suspense fallback={null}>
          <LogoutDialog
            waiting={waiting}
            onStay={() => void navigate({ to: '/' })}
            onLogOut={() => void signOut(queryClient).then(() => router.invalidate())}
          />
        </Suspense>
      )}
    </AuthCard>
  )
}
