import { createFileRoute } from '@tanstack/react-router'
import { TrialSuccess } from '../../../features/trial/trial-success.tsx'

export const Route = createFileRoute('/_app/_store/free-guided-trial-success')({
  component: TrialSuccess,
})
