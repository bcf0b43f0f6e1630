import { useEffect } from 'react'
import { useRouter } from '@tanstack/react-router'

/**
 * After a move to another screen, the focus goes to the new screen's `#main`: a keyboard user goes
 * on from the top of its content, and a screen reader reads the new screen. Otherwise the focus
 * stayed on a header link, or fell to the page's start with the old screen's button.
 *
 * Left alone: the first screen (the browser starts at the top), a change of the search only (a
 * search field, a filter), and a focus the new screen or a dialog has placed (a heading, a field,
 * a tab of the same screen). The scroll stays as the router leaves it.
 */
export function useFocusAfterNavigation() {
  const router = useRouter()
  useEffect(() => {
    let focusedBefore: Element | null = null
    const unsubscribeBefore = router.subscribe('onBeforeNavigate', () => {
      focusedBefore = document.activeElement
    })
    const unsubscribeRendered = router.subscribe('onRendered', (event) => {
      if (!event.fromLocation || !event.pathChanged) return
      const main = document.getElementById('main')
      const focused = document.activeElement
      if (!main || main.contains(focused)) return
      if (focused === null || focused === document.body || focused === focusedBefore) {
        main.focus({ preventScroll: true })
      }
    })
    return () => {
      unsubscribeBefore()
      unsubscribeRendered()
    }
  }, [router])
}
