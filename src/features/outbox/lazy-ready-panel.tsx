import { lazy, Suspense } from 'react'

const ReadyPanel = lazy(async () => ({ default: (await import('./ready-panel.tsx')).ReadyPanel }))

/**
 * The ready panel, fetched when the store picker shows it after a check-in. Imported by settings
 * and the store picker both, it joined a session chunk of a brand expert's trial path (the bundle
 * bench's budget). Settings keeps its static import: with both lazy, the chunks were split so that
 * /customers ran a chunk before one it needs ("M is not a function").
 */
export function LazyReadyPanel() {
  return (
    <Suspense fallback={null}>
      <ReadyPanel />
    </Suspense>
  )
}
