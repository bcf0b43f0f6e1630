import { createFileRoute } from '@tanstack/react-router'
import { OutboxScreen } from '../../features/offline/outbox-screen.tsx'

export const Route = createFileRoute('/_app/outbox')({
  staticData: { layout: { backButton: 'history' } },
  component: OutboxScreen,
})
