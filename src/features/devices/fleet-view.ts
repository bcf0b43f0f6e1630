import type { DeviceActionRow } from '../../contract/device-actions.ts'

const hour = 60 * 60_000

/** A share as a whole percentage; null when there is nothing to share. */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null
  return Math.round((part / whole) * 100)
}

/** How long ago `since` was, in whole hours, never below 0 (a tablet's clock may run ahead). */
export function hoursSince(since: string, now: number): number {
  return Math.max(0, Math.floor((now - new Date(since).getTime()) / hour))
}

/** An age to show: hours below two days, days from then on. */
export function ageParts(hours: number): { unit: 'hours' | 'days'; count: number } {
  return hours < 48
    ? { unit: 'hours', count: hours }
    : { unit: 'days', count: Math.floor(hours / 24) }
}

/** Whether an admin may still cancel the action: only while it waits. */
export function cancellable(action: Pick<DeviceActionRow, 'state'>): boolean {
  return action.state === 'waiting'
}

/** The time that tells an action's state: when it ended, else when the tablet got it. */
export function momentOf(
  action: Pick<DeviceActionRow, 'state' | 'deliveredAt' | 'endedAt'>,
): { kind: 'delivered' | 'ended'; at: string } | null {
  if (action.state !== 'waiting')
    return action.endedAt ? { kind: 'ended', at: action.endedAt } : null
  return action.deliveredAt ? { kind: 'delivered', at: action.deliveredAt } : null
}
