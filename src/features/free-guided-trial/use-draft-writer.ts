import { useEffect, useMemo } from 'react'
import { getSession } from '../../api/session.ts'
import { config } from '../../config.ts'
import { createDraftWriter, writeDraft, type DraftWriter } from './wizard-draft.ts'
import type { WizardState } from './wizard-state.ts'

/**
 * Keeps the wizard's state on the device, so that a reload or a closed tab resumes the trial: each
 * change is written a moment later (off the step change's frame), and at once when the page hides
 * or unloads or the wizard is left. Nothing is written while `active` is false (the trial is being
 * finished) or once its user has signed out (logout forgets the draft; it must not come back).
 */
export function useDraftWriter(userId: number, state: WizardState, active: boolean): DraftWriter {
  const writer = useMemo(
    () =>
      createDraftWriter((draft) => {
        if (getSession()?.user.id === userId) void writeDraft(userId, draft, config.appVersion)
      }),
    [userId],
  )

  useEffect(() => {
    if (active) writer.schedule(state)
    else writer.cancel()
  }, [writer, state, active])

  // Leaving the page: `beforeunload` comes as a reload or another page is asked for, so the write
  // has the whole request's time to be committed (one made as the page goes, in `pagehide`, can
  // be cut off); `visibilitychange` covers a tablet putting the app away, and a tab closed.
  useEffect(() => {
    const flush = () => writer.flush()
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') writer.flush()
    }
    window.addEventListener('beforeunload', flush)
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onVisibilityChange)
    return () => {
      window.removeEventListener('beforeunload', flush)
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onVisibilityChange)
      writer.flush()
    }
  }, [writer])

  return writer
}
