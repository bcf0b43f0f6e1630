import Dexie, { type EntityTable } from 'dexie'
import * as v from 'valibot'
import { call } from '../api/client.ts'
import { deliveredActionSchema, type DeliveredAction } from '../contract/delivered-actions.ts'
import type { ActionDone } from '../contract/devices.ts'
import { deviceHeartbeat } from '../contract/endpoints/devices.ts'
import { latestCredential } from './device.ts'
import { readHeartbeat } from './outbox/heartbeat.ts'
import { isWizardPath, mayActNow, toHandle } from './remote-action-plan.ts'

/**
 * The tablet's side of the remote actions (docs/behaviour.md#remote-actions), loaded only when a
 * heartbeat's answer carries some, so that no first chunk carries it. Each action is acted on
 * once: its id is recorded here when done, and the server delivers it again until a heartbeat
 * acknowledges it, so an acknowledgement lost on the way is sent again.
 */

/** An action acted on, and whether the server has taken its acknowledgement. */
type Handled = ActionDone & { acknowledged: 0 | 1 }

/**
 * The record of what was handled, in a database of its own: kept out of the device's main database
 * (database.ts), whose schema every screen loads; a wipe and a sign-out leave it.
 */
class HandledActions extends Dexie {
  handled!: EntityTable<Handled, 'id'>
  constructor() {
    super('brand-expert-actions')
    this.version(1).stores({ handled: 'id, acknowledged' })
  }
}

let database: HandledActions | null = null
const handledActions = () => (database ??= new HandledActions())

/** Under way in this page: delivered again meanwhile, not started twice. */
const underWay = new Set<number>()

const waitStep = 2_000

/** Resolves once the action may go: at once, or when no wizard is open any more. */
async function whenItMayAct(action: DeliveredAction): Promise<void> {
  while (!mayActNow(action, isWizardPath(window.location.pathname))) {
    await new Promise((resolve) => setTimeout(resolve, waitStep))
  }
}

/**
 * Acts on what a heartbeat delivered: each action not handled yet. One this build does not know
 * (a newer server's) is left alone, and delivered again until a build that knows it comes.
 */
export async function receiveActions(
  answered: readonly unknown[],
  replayOutbox: () => Promise<unknown>,
): Promise<void> {
  const actions = answered.flatMap((item) => {
    const parsed = v.safeParse(deliveredActionSchema, item)
    return parsed.success ? [parsed.output] : []
  })
  const store = handledActions()
  const handled = new Set(
    (await store.handled.bulkGet(actions.map((action) => action.id)))
      .filter((row) => row !== undefined)
      .map((row) => row.id),
  )
  const fresh = toHandle(actions, handled, underWay)
  // Handled before and delivered again: the acknowledgement did not reach the server.
  if (fresh.length < actions.length) void acknowledge(replayOutbox)
  for (const action of fresh) {
    underWay.add(action.id)
    void handle(action, replayOutbox).finally(() => underWay.delete(action.id))
  }
}

async function handle(
  action: DeliveredAction,
  replayOutbox: () => Promise<unknown>,
): Promise<void> {
  await whenItMayAct(action)
  // The acts load with the first action to act on, apart from what receives and acknowledges.
  const acts = await import('./remote-action-acts.ts')
  let result: Pick<ActionDone, 'result' | 'detail'>
  try {
    result = await acts.act(action, replayOutbox)
  } catch (error) {
    result = { result: 'failed', detail: String(error).slice(0, 500) }
  }
  await handledActions().handled.put({
    id: action.id,
    at: new Date().toISOString(),
    ...result,
    acknowledged: 0,
  })
  await acknowledge(replayOutbox)
  await acts.afterwards(action, whenItMayAct)
}

/**
 * Sends the acknowledgements not taken yet, with a heartbeat of their own: the server ends the
 * actions, and its answer's actions (none of these any more) come back here.
 */
async function acknowledge(replayOutbox: () => Promise<unknown>): Promise<void> {
  const store = handledActions()
  const waiting = await store.handled.where('acknowledged').equals(0).toArray()
  const latest = await latestCredential()
  if (waiting.length === 0 || latest === undefined) return
  const done = waiting.map(({ acknowledged: _acknowledged, ...acted }) => acted)
  try {
    const { data } = await call(deviceHeartbeat, {
      body: { ...(await readHeartbeat()), done },
      headers: { Authorization: `Device ${latest.credential}` },
    })
    await store.handled.bulkUpdate(
      waiting.map(({ id }) => ({ key: id, changes: { acknowledged: 1 } })),
    )
    if (data.actions.length > 0) void receiveActions(data.actions, replayOutbox)
  } catch {
    // No connection: the next heartbeat's answer delivers the actions again, and this runs again.
  }
}
