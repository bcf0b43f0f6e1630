import { loyaltyRules, type Customer, type LoyaltyRule } from '../../contract/customers.ts'

function time(value: string): number {
  const parsed = Date.parse(value)
  return Number.isNaN(parsed) ? 0 : parsed
}

/** Newest first, by a date field; equal dates keep the higher id first. */
export function newestFirst<T extends { id: number }>(
  rows: readonly T[],
  date: (row: T) => string,
): T[] {
  return [...rows].sort((a, b) => time(date(b)) - time(date(a)) || b.id - a.id)
}

export interface LoyaltyRuleSummary {
  rule: LoyaltyRule
  count: number
  points: number
  lastDate: string | null
}

/** The loyalty actions grouped by earning rule, every rule in the contract's order. */
export function summarizeLoyalty(actions: Customer['loyaltyActions']): LoyaltyRuleSummary[] {
  return loyaltyRules.map((rule) => {
    const own = actions.filter((action) => action.rule === rule)
    const last = newestFirst(own, (action) => action.date)[0]
    return {
      rule,
      count: own.length,
      points: own.reduce((total, action) => total + action.points, 0),
      lastDate: last?.date ?? null,
    }
  })
}
