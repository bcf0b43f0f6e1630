import { lazy, Suspense } from 'react'

const ReadyPanel = lazy(async () => ({ default: (await import('./ready-panel.tsx')).ReadyPanel }))

/**
 * The ready panel, fetched when a screen shows it. Settings and the store picker after a check-in
 * both show it: imported by both, it joined a chunk that a brand expert's trial path loads (the
 * bundle bench's budget).
 */
export function LazyReadyPanel() {
  return (
    <Suspense fallback={null}>
      <ReadyPanel />
    </Suspense>
  )
}
