import type * as OutboxRunner from './outbox-runner.ts'

/**
 * The outbox runner and its IndexedDB (Dexie) load after the first screen, not with it: on start
 * once the page has painted when someone is signed in or the device has been used before (its
 * trials are sent, and its heartbeat goes, with nobody signed in), else at sign-in. The sign-in
 * page of a new device never needs them.
 */
type Runner = typeof OutboxRunner

let started: Promise<Runner> | null = null
let needsLogin: () => void = () => undefined

/** What the app does when the server refuses the session the outbox sends with (main.tsx). */
export function whenOutboxNeedsLogin(handler: () => void): void {
  needsLogin = handler
}

function startOutbox(): Promise<Runner> {
  started ??= import('./outbox-runner.ts').then((runner) => {
    runner.startOutboxRunner(() => needsLogin())
    return runner
  })
  return started
}

/** On start, signed in: the runner starts and sends what is due. */
export function startOutboxNow(): void {
  void startOutbox().then((runner) => runner.kickOutbox())
}

/** The device's database name (src/offline/database.ts), looked for without opening it. */
const databaseName = 'brand-expert'

/** Whether someone signed in on this device before: it has its database. */
export async function deviceWasUsed(): Promise<boolean> {
  // Firefox before 126 cannot list them: taken as a used device.
  const known =
    'databases' in indexedDB ? await indexedDB.databases().catch(() => undefined) : undefined
  return !known || known.some(({ name }) => name === databaseName)
}

/** On start, nobody signed in: the runner starts when the device has a database (was used). */
export async function startOutboxIfUsed(): Promise<void> {
  if (await deviceWasUsed()) startOutboxNow()
}

/** After sign-in: the runner starts if it had not, and what waited for this user goes at once. */
export async function startOutboxAfterLogin(userId: number): Promise<void> {
  const runner = await startOutbox()
  await runner.outboxAfterLogin(userId)
}

/** A nudge from outside (the service worker's Background Sync) for a runner that has started. */
export function kickStartedOutbox(): void {
  void started?.then((runner) => runner.kickOutbox())
}
