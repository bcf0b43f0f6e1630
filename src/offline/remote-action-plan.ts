import type { DeliveredAction } from '../contract/delivered-actions.ts'

/**
 * When a tablet may act on a remote action (docs/behaviour.md#remote-actions): never inside a
 * wizard, but for a wipe marked lost; a message and a refresh cut nothing, and go at once.
 */
export function mayActNow(action: DeliveredAction, inWizard: boolean): boolean {
  if (!inWizard) return true
  if (action.action === 'wipe') return action.lost === true
  return action.action === 'message' || action.action === 'refresh'
}

/** Whether the page is a wizard's (the guided or the simple trial). */
export function isWizardPath(pathname: string): boolean {
  return pathname.startsWith('/free-guided-trial') && !pathname.startsWith('/free-guided-trial-')
}

/** The actions not handled yet and not under way, each once, in the order delivered. */
export function toHandle(
  delivered: readonly DeliveredAction[],
  handled: ReadonlySet<number>,
  underWay: ReadonlySet<number>,
): DeliveredAction[] {
  const seen = new Set<number>()
  return delivered.filter((action) => {
    if (handled.has(action.id) || underWay.has(action.id) || seen.has(action.id)) return false
    seen.add(action.id)
    return true
  })
}
