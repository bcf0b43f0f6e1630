import { useSyncExternalStore } from 'react'

/**
 * A value that lives outside React and that screens follow (whether the server answers, the send's
 * progress, a waiting update): read it, replace it, be told when it changes. Screens read it with
 * `useValue`, React's `useSyncExternalStore` underneath. It sits in src/api, the lowest of the
 * app's shared folders, so that the API client's own values use it without importing upwards.
 */
export type ValueStore<T> = {
  get: () => T
  /** Replaces the value; listeners hear of it only when it is another value (`Object.is`). */
  set: (next: T) => void
  subscribe: (listener: () => void) => () => void
}

export function valueStore<T>(initial: T): ValueStore<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return
      value = next
      for (const listener of listeners) listener()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** A store's value in a component, which renders again when it changes. */
export function useValue<T>(store: ValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get)
}
