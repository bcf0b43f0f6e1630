import { useFormat } from './use-format.ts'

const unbroken = { whiteSpace: 'nowrap' } as const

/**
 * A moment as the locale writes it, in a `<time>` element; in a narrow column it wraps only
 * between the day and the time, never inside either, or with `oneLine` not at all.
 */
export function DateTime({ value, oneLine = false }: { value: string; oneLine?: boolean }) {
  const format = useFormat()
  const time = format.time(value)
  return (
    <time dateTime={value} style={oneLine ? unbroken : undefined}>
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
