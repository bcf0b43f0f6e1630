import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query'
import { getSession } from '../api/session.ts'
import { offlineDatabase } from './database.ts'
import { forgetKept, isUnlocked, keep, readKept } from './vault.ts'

/**
 * The look-ups kept on the device so that they open offline (docs/security.md#what-the-tablet-keeps-and-under-what):
 * stores and the trial catalogue in the clear, readable before the PIN; the customers and
 * vouchers a user opened encrypted under their data key, read back only after it.
 */
const publicRoots = new Set(['stores', 'catalogue'])
const personalRoots = new Set(['customers', 'vouchers'])
const maxAgeMs = 24 * 60 * 60_000
/** The kept record of the personal look-ups (src/offline/vault.ts). */
const personalRecord = 'lookups'
/** The `lookups` row of the public ones. */
const publicRow = 'public'

let keptAt: number | undefined

/** When the look-ups were last written to the device, by this page (for the ready panel). */
export function lookupsKeptAt(): number | undefined {
  return keptAt
}

function rootOf(query: Pick<Query, 'queryKey'>): string {
  return String(query.queryKey[0])
}

function dehydrateRoots(queryClient: QueryClient, roots: Set<string>): DehydratedState {
  return dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && roots.has(rootOf(query)),
  })
}

/** What is younger than a day, and of the roots asked for: anything else kept is dropped. */
function fresh(state: DehydratedState, roots: Set<string>): DehydratedState {
  const since = Date.now() - maxAgeMs
  return {
    mutations: [],
    queries: state.queries.filter(
      (query) => roots.has(rootOf(query)) && query.state.dataUpdatedAt >= since,
    ),
  }
}

function isDehydrated(value: unknown): value is DehydratedState {
  return (
    typeof value === 'object' &&
    value !== null &&
    'queries' in value &&
    Array.isArray(value.queries) &&
    'mutations' in value &&
    Array.isArray(value.mutations)
  )
}

/** On start, before the PIN: the stores and the catalogue go back in the cache. */
export async function restorePublic(queryClient: QueryClient): Promise<void> {
  const row = await offlineDatabase().lookups.get(publicRow)
  if (!row || !isDehydrated(row.state)) return
  hydrate(queryClient, fresh(row.state, publicRoots))
  keptAt = row.keptAt
}

/** Whose personal look-ups are in the cache: until then none are written, so none are lost. */
let restoredFor: number | null = null

/** Once the PIN opened the user's key: the customers and vouchers they opened go back in the cache. */
export async function restorePersonal(queryClient: QueryClient, userId: number): Promise<void> {
  if (restoredFor === userId) return
  // Another user's look-ups still in memory (their session expired) are never kept under this key.
  if (restoredFor !== null) {
    queryClient.removeQueries({ predicate: (query) => personalRoots.has(rootOf(query)) })
  }
  const kept = await readKept(offlineDatabase(), userId, personalRecord)
  if (isDehydrated(kept)) hydrate(queryClient, fresh(kept, personalRoots))
  restoredFor = userId
}

/** The write under way: writes follow one another, so the last state read is the last kept. */
let writing: Promise<void> = Promise.resolve()

/** Runs `task` once the write under way is done, whether it failed or not. */
function inTurn(task: () => Promise<void>): Promise<void> {
  writing = writing.catch(() => undefined).then(task)
  return writing
}

/**
 * Writes the kept look-ups now, after any write under way; the personal ones only once restored,
 * under an open key. Each part is kept with the time the cache was read.
 */
export function keepLookupsNow(queryClient: QueryClient): Promise<void> {
  return inTurn(() => write(queryClient))
}

async function write(queryClient: QueryClient): Promise<void> {
  const db = offlineDatabase()
  const now = Date.now()
  const publicState = dehydrateRoots(queryClient, publicRoots)
  const userId = getSession()?.user.id
  const personal =
    userId !== undefined && restoredFor === userId && isUnlocked(userId)
      ? dehydrateRoots(queryClient, personalRoots)
      : undefined
  await db.lookups.put({ name: publicRow, state: publicState, keptAt: now })
  keptAt = now
  if (userId !== undefined && personal) await keep(db, userId, personalRecord, personal, now)
}

let persisting = false
let timer: ReturnType<typeof setTimeout> | undefined

function writeNow(queryClient: QueryClient): void {
  clearTimeout(timer)
  timer = undefined
  // The device is full or its database closed: the look-ups written before stay.
  keepLookupsNow(queryClient).catch((error: unknown) => console.warn('look-ups not kept', error))
}

/**
 * Writes the kept look-ups about a second after a change to one of them (from entering the app
 * on), and at once when the page is left or hidden, which the delayed write could miss: at
 * `beforeunload` a reload leaves the write the request's time to be committed, `pagehide` alone
 * could cut it off (as the wizard's draft, src/features/free-guided-trial/use-draft-writer.ts).
 */
export function persistLookups(queryClient: QueryClient): void {
  if (persisting) return
  persisting = true
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return
    const root = rootOf(event.query)
    if (!publicRoots.has(root) && !personalRoots.has(root)) return
    timer ??= setTimeout(() => writeNow(queryClient), 1000)
  })
  const flush = () => writeNow(queryClient)
  window.addEventListener('beforeunload', flush)
  window.addEventListener('pagehide', flush)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush()
  })
}

/**
 * Sign-out: the user's kept look-ups go, the public ones too (fetched again at the next sign-in);
 * with no user (a wipe), everyone's.
 */
export function forgetLookups(userId?: number): Promise<void> {
  clearTimeout(timer)
  timer = undefined
  restoredFor = null
  keptAt = undefined
  // After the write under way, which would otherwise put them back.
  return inTurn(async () => {
    const db = offlineDatabase()
    await Promise.all([
      db.lookups.delete(publicRow),
      userId === undefined
        ? db.keptRecords.filter((record) => record.name === personalRecord).delete()
        : forgetKept(db, userId, personalRecord),
    ])
  })
}
