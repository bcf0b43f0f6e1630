import { useEffect, useState } from 'react'

/**
 * The value, once it has stopped changing for `ms` milliseconds (a search waits 300 ms:
 * docs/behaviour.md#constants-and-limits). The first render returns the value as it is.
 */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}
