import { useFormat } from './use-format.ts'

const unbroken = { whiteSpace: 'nowrap' } as const

/**
 * A moment as the locale writes it, in a `<time>` element; in a narrow column it wraps only
 * between the day and the time, never inside either.
 */
export function DateTime({ value }: { value: string }) {
  const format = useFormat()
  const time = format.time(value)
  return (
    <time dateTime={value}>
      <span style={unbroken}>{format.date(value)}</span>
      {time && (
        <>
          {' '}
          <span style={unbroken}>{time}</span>
        </>
      )}
    </time>
  )
}
