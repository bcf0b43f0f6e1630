import { useSyncExternalStore } from 'react'
import { getSession, subscribeSession } from './session.ts'

/** The stored session, re-rendering when it changes (sign-in, check-in, /me refresh). */
export function useSession() {
  return useSyncExternalStore(subscribeSession, getSession)
}
