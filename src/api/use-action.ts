import { useCallback, useRef } from 'react'
import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query'

type ActionOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
> & {
  /** The request; `idempotencyKey` names this action (sent as `Idempotency-Key` where accepted). */
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>
}

/**
 * A mutation that one press of a button starts: one action, one effect.
 * - A second start while one runs is ignored, checked synchronously (a double click arrives before
 *   React has drawn the button disabled).
 * - Each action has its own `Idempotency-Key`. Pressing again with the same input after a failure
 *   sends the same key, so that a request the server did handle, whose answer was lost, is answered
 *   again instead of done twice; a new input or a success starts a new action.
 */
export function useAction<TData, TVariables>(
  options: ActionOptions<TData, TVariables>,
): Omit<UseMutationResult<TData, Error, TVariables>, 'mutateAsync'> {
  const running = useRef(false)
  const last = useRef<{ input: string; key: string } | null>(null)
  const { mutationFn, onSuccess, onSettled } = options

  const mutation = useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: (variables) => {
      const input = JSON.stringify([variables])
      if (last.current?.input !== input) last.current = { input, key: crypto.randomUUID() }
      return mutationFn(variables, last.current.key)
    },
    onSuccess: (...args) => {
      last.current = null
      return onSuccess?.(...args)
    },
    onSettled: (...args) => {
      running.current = false
      return onSettled?.(...args)
    },
  })

  const { mutate: start, mutateAsync: _unguarded, ...rest } = mutation
  const mutate = useCallback<typeof start>(
    (...args) => {
      if (running.current) return
      running.current = true
      start(...args)
    },
    [start],
  )
  return { ...rest, mutate }
}
