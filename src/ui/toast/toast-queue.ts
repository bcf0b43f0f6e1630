/**
 * The toast queue (docs/behaviour.md#constants-and-limits): toasts stay 3000 ms by default, at the
 * top or the bottom; at most three show per position and the rest wait, retried every 250 ms until
 * a place is free; hovering pauses the countdown and keeps the time left; a dismissed toast spends
 * 150 ms leaving (its exit animation) before it is removed. No React here: the store fits
 * useSyncExternalStore, and `showToast` can be called from anywhere (the query client's
 * MutationCache calls it).
 */

export type ToastKind = 'success' | 'error' | 'info'
export type ToastPosition = 'top' | 'bottom'
export type ToastPhase = 'visible' | 'leaving'

export interface ToastOptions {
  kind: ToastKind
  /** Already translated text. */
  message: string
  /** A smaller second line: what support needs to find the failed request (its reference). */
  detail?: string
  /** Milliseconds on screen; `Infinity` keeps the toast until it is dismissed. */
  duration?: number
  position?: ToastPosition
}

export interface ToastItem {
  readonly id: string
  readonly kind: ToastKind
  readonly message: string
  readonly detail: string | undefined
  readonly duration: number
  readonly position: ToastPosition
  readonly phase: ToastPhase
  readonly paused: boolean
}

export interface ToastSnapshot {
  readonly top: readonly ToastItem[]
  readonly bottom: readonly ToastItem[]
  /** Toasts waiting for a free place, both positions. */
  readonly waiting: number
}

/** The clock and timer the queue uses; `setTimeout` returns a function that cancels the timer. */
export interface ToastScheduler {
  now(): number
  setTimeout(callback: () => void, ms: number): () => void
}

export interface ToastQueue {
  /** Shows the toast now, or queues it when its position already shows three; returns its id. */
  notify: (options: ToastOptions) => string
  /** Starts the 150 ms leaving phase (or drops a toast that is still waiting). */
  dismiss: (id: string) => void
  /** Stops the countdown, keeping the time left. */
  pause: (id: string) => void
  /** Restarts the countdown with the time that was left. */
  resume: (id: string) => void
  /** Removes every toast at once and cancels every timer. */
  clear: () => void
  subscribe: (listener: () => void) => () => void
  getSnapshot: () => ToastSnapshot
}

export const TOAST_DURATION = 3000
export const TOAST_MAX_VISIBLE = 3
export const TOAST_RETRY_INTERVAL = 250
export const TOAST_LEAVE_DURATION = 150

export const systemScheduler: ToastScheduler = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = globalThis.setTimeout(callback, ms)
    return () => globalThis.clearTimeout(handle)
  },
}

interface Entry {
  item: ToastItem
  /** Countdown left when it last started or paused. */
  remaining: number
  startedAt: number
  cancel: (() => void) | undefined
}

const positions: readonly ToastPosition[] = ['top', 'bottom']

export function createToastQueue(scheduler: ToastScheduler = systemScheduler): ToastQueue {
  const shown: Record<ToastPosition, Entry[]> = { top: [], bottom: [] }
  const waiting: Record<ToastPosition, ToastItem[]> = { top: [], bottom: [] }
  const retry: Record<ToastPosition, (() => void) | undefined> = {
    top: undefined,
    bottom: undefined,
  }
  const listeners = new Set<() => void>()
  let nextId = 1
  let snapshot: ToastSnapshot = { top: [], bottom: [], waiting: 0 }

  function emit() {
    snapshot = {
      top: shown.top.map((entry) => entry.item),
      bottom: shown.bottom.map((entry) => entry.item),
      waiting: waiting.top.length + waiting.bottom.length,
    }
    for (const listener of listeners) listener()
  }

  function find(id: string): Entry | undefined {
    for (const position of positions) {
      const entry = shown[position].find((candidate) => candidate.item.id === id)
      if (entry) return entry
    }
    return undefined
  }

  function startCountdown(entry: Entry) {
    entry.startedAt = scheduler.now()
    if (Number.isFinite(entry.remaining)) {
      entry.cancel = scheduler.setTimeout(
        () => dismiss(entry.item.id),
        Math.max(0, entry.remaining),
      )
    }
  }

  function show(item: ToastItem) {
    const entry: Entry = { item, remaining: item.duration, startedAt: 0, cancel: undefined }
    shown[item.position].push(entry)
    startCountdown(entry)
  }

  function hasRoom(position: ToastPosition) {
    return shown[position].length < TOAST_MAX_VISIBLE
  }

  function scheduleRetry(position: ToastPosition) {
    if (retry[position]) return
    retry[position] = scheduler.setTimeout(() => {
      retry[position] = undefined
      let changed = false
      while (hasRoom(position)) {
        const next = waiting[position].shift()
        if (!next) break
        show(next)
        changed = true
      }
      if (waiting[position].length > 0) scheduleRetry(position)
      if (changed) emit()
    }, TOAST_RETRY_INTERVAL)
  }

  function notify({
    kind,
    message,
    detail,
    duration = TOAST_DURATION,
    position = 'top',
  }: ToastOptions): string {
    const item: ToastItem = {
      id: `toast-${nextId++}`,
      kind,
      message,
      detail,
      duration,
      position,
      phase: 'visible',
      paused: false,
    }
    if (hasRoom(position) && waiting[position].length === 0) {
      show(item)
    } else {
      waiting[position].push(item)
      scheduleRetry(position)
    }
    emit()
    return item.id
  }

  function dismiss(id: string) {
    for (const position of positions) {
      const index = waiting[position].findIndex((item) => item.id === id)
      if (index >= 0) {
        waiting[position].splice(index, 1)
        emit()
        return
      }
    }
    const entry = find(id)
    if (!entry || entry.item.phase === 'leaving') return
    entry.cancel?.()
    entry.item = { ...entry.item, phase: 'leaving', paused: false }
    entry.cancel = scheduler.setTimeout(() => {
      const list = shown[entry.item.position]
      const index = list.indexOf(entry)
      if (index >= 0) list.splice(index, 1)
      emit()
    }, TOAST_LEAVE_DURATION)
    emit()
  }

  function pause(id: string) {
    const entry = find(id)
    if (!entry || entry.item.phase === 'leaving' || entry.item.paused) return
    entry.cancel?.()
    entry.cancel = undefined
    entry.remaining -= scheduler.now() - entry.startedAt
    entry.item = { ...entry.item, paused: true }
    emit()
  }

  function resume(id: string) {
    const entry = find(id)
    if (!entry || !entry.item.paused) return
    entry.item = { ...entry.item, paused: false }
    startCountdown(entry)
    emit()
  }

  function clear() {
    for (const position of positions) {
      for (const entry of shown[position]) entry.cancel?.()
      retry[position]?.()
      retry[position] = undefined
      shown[position] = []
      waiting[position] = []
    }
    emit()
  }

  return {
    notify,
    dismiss,
    pause,
    resume,
    clear,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getSnapshot: () => snapshot,
  }
}

/** The app's one queue, rendered by <Toaster />. */
export const toastQueue = createToastQueue()

type ToastShortcutOptions = Omit<ToastOptions, 'kind' | 'message'>

/**
 * The app queue's shortcuts; each returns the toast's id (for `toast.dismiss`). App code calls
 * `showToast` (show-toast.ts), which loads this module with the first toast.
 */
export const toast = {
  success: (message: string, options?: ToastShortcutOptions) =>
    toastQueue.notify({ ...options, kind: 'success', message }),
  error: (message: string, options?: ToastShortcutOptions) =>
    toastQueue.notify({ ...options, kind: 'error', message }),
  info: (message: string, options?: ToastShortcutOptions) =>
    toastQueue.notify({ ...options, kind: 'info', message }),
  dismiss: (id: string) => toastQueue.dismiss(id),
}
