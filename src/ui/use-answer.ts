import { useEffect, useState } from 'react'

/**
 * What `ask` answers, asked once when the component appears (undefined until then); an answer that
 * comes after the component is gone is dropped.
 */
export function useAnswer<T>(ask: () => Promise<T>): T | undefined {
  const [answer, setAnswer] = useState<T>()
  useEffect(() => {
    let current = true
    void ask().then((value) => {
      if (current) setAnswer(() => value)
    })
    return () => {
      current = false
    }
  }, [ask])
  return answer
}
