import { createFileRoute } from '@tanstack/react-router'
import { OutboxScreen } from '../../features/outbox/outbox-screen.tsx'

export const Route = createFileRoute('/_app/outbox')({
  staticData: { layout: { backButton: 'history' } },
  component: OutboxScreen,
})
