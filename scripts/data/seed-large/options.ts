import { parseArgs } from 'node:util'

/* The command line: counts, seed, `--now` and the database. */

export const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/brand_large' },
    customers: { type: 'string', default: '1000000' },
    vouchers: { type: 'string', default: '1000000' },
    stores: { type: 'string', default: '500' },
    experts: { type: 'string', default: '2000' },
    trials: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    now: { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
  strict: true,
})

function countOption(name: keyof typeof options): number {
  const text = options[name]
  const value = Number(text)
  if (typeof text !== 'string' || !Number.isSafeInteger(value) || value < 0) {
    throw new Error(`--${name} must be a whole number, not ${String(text)}`)
  }
  return value
}

export const counts = {
  customers: countOption('customers'),
  vouchers: countOption('vouchers'),
  stores: countOption('stores'),
  experts: countOption('experts'),
  trials: countOption('trials'),
}
export const seed = countOption('seed')
export const databaseUrl = options['database-url']
export const now = referenceNow(options.now)

/** `--now` as given, or the start of today (UTC): the same day gives the same rows. */
function referenceNow(text: string | undefined): Date {
  if (text !== undefined) {
    const date = new Date(text)
    if (Number.isNaN(date.getTime())) throw new Error(`--now is not a date: ${text}`)
    return date
  }
  const today = new Date()
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()))
}
