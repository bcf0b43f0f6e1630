/**
 * Offline soak: N trials finished in Chromium (every other one with a double click on Save) while
 * the server is stopped and started at random, the page is reloaded and the session's token runs
 * out now and then (the user signs in again), and then the server must hold exactly N trials, each
 * once.
 *
 * The tablet's clock is wrong as tablets' clocks are: the soak plays devices whose clocks are off
 * by minutes to days, ahead and behind, and clocks set (they jump) between Finish and the send,
 * when the connection returns; and a new build is served while trials wait. Each stored capture
 * time must then be within 2 s of when the trial was really finished (docs/behaviour.md#capture-time).
 *
 *   npm run soak -- --trials 200        (needs a built tree: `npm run build`)
 *
 * Then the store's link flaps: as many trials (200 at most) wait in the outbox while the link is
 * down, and the link of a tablet on poor store Wi-Fi (tests/support/store-link.ts, without its CPU
 * slowdown) comes and goes, online and offline in turn for `--flap-ms` each (1 s), until the
 * outbox is empty; the server must then hold each of them once, whatever requests the link dropped
 * on their way.
 *
 * The server runs on PGlite in a fresh folder, or on PostgreSQL when DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { parseArgs } from 'node:util'
import * as v from 'valibot'
import { signToken } from '../../server/auth/jwt.ts'
import { appVersionHeader, deviceTimeHeader } from '../../src/contract/http.ts'
import { demo } from '../../tests/support/accounts.ts'
import { signInThroughForm, unlockAfterEachLoad } from '../../tests/support/sign-in.ts'
import { apiClient, type Rows } from '../../tests/support/api.ts'
import { launchChromium } from '../../tests/support/chromium.ts'
import { enqueue, outboxCount } from '../../tests/support/outbox-rows.ts'
import { storeLink } from '../../tests/support/store-link.ts'
import { trialBody } from '../../tests/support/trial-body.ts'
import { trialBodySchema } from '../../src/contract/trial.ts'
import { newOutboxItem } from '../../src/offline/outbox/outbox-state.ts'

const storedSession = v.object({ user: v.object({ id: v.number() }) })

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '200' },
    port: { type: 'string' },
    'flap-ms': { type: 'string', default: '1000' },
  },
})
const total = Number(values.trials)
const flapMs = Number(values['flap-ms'])
const port = values.port ? Number(values.port) : await freePort()

/** A port nothing listens on now, so that a soak never meets a server left by another run. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (typeof address !== 'object' || address === null) throw new Error('no free port')
  return address.port
}
const base = `http://127.0.0.1:${port}`
const dataDir = `.data/soak-${port}`
const api = apiClient(base)
let seed = 20261122
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31

// The soak signs expired tokens with the server's own secret, as if a session had run out.
const jwtSecret = 'soak-secret-for-expired-tokens-0123456789abcdef'

let server: ChildProcess | null = null
const running = () => server !== null

async function startServer() {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  server = child
  child.once('exit', (code, signal) => {
    // Not stopped by the soak: said, and counted as down (the next start brings it back).
    if (server !== child) return
    console.warn(`the server exited by itself (code ${code}, signal ${signal})`)
    server = null
  })
  for (let waited = 0; waited < 60_000; waited += 250) {
    try {
      if ((await fetch(`${base}/api/v1/ready`)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('the server did not start')
}

async function stopServer() {
  const running = server
  if (!running) return
  server = null
  if (running.exitCode !== null || running.signalCode !== null) return
  const exited = new Promise((resolve) => running.once('exit', resolve))
  running.kill('SIGTERM')
  await exited
}

type StoredTrial = {
  comment: string
  capturedAt: number
  appVersion: string | null
  marks: string
}

async function storedTrials(marker: string): Promise<StoredTrial[]> {
  const { token } = await api.login(demo.admin.email)
  const trials: StoredTrial[] = []
  for (let page = 1; ; page += 1) {
    const list = await api.get<
      Rows<{
        comment: unknown
        capturedAt: string
        appVersion: string | null
        captureUncertain: boolean
        clockSkewed: boolean
        captureImplausible: boolean
      }>
    >(token, 'questionnaire/search', { page: String(page) })
    for (const row of list.rows)
      if (typeof row.comment === 'string' && row.comment.startsWith(marker))
        trials.push({
          comment: row.comment,
          capturedAt: Date.parse(row.capturedAt),
          appVersion: row.appVersion,
          marks: [
            row.captureUncertain && 'uncertain',
            row.clockSkewed && 'skewed',
            row.captureImplausible && 'implausible',
          ]
            .filter(Boolean)
            .join(' '),
        })
    if (page * 20 >= list.count) return trials
  }
}

async function storedComments(marker: string): Promise<string[]> {
  return (await storedTrials(marker)).map((trial) => trial.comment)
}

rmSync(dataDir, { recursive: true, force: true })
await startServer()
const browser = await launchChromium()
const page = await browser.newPage({ viewport: { width: 768, height: 1024 } })
await page.addInitScript(() => localStorage.setItem('locale', 'en'))
unlockAfterEachLoad(page)
async function signIn() {
  if (!running()) {
    // Signing in needs the server: bring it back (counted as a restart).
    await startServer()
    restarts += 1
  }
  await signInThroughForm(page, demo.manager.email, { baseUrl: base })
  await page.waitForURL(`${base}/`)
}

/**
 * The session runs out: from a reload on, the server sees the session's token as one that expired
 * an hour ago (the device keeps its token encrypted, so it is swapped on the way), until the app
 * has sent its user to sign in again.
 */
async function expireToken() {
  const raw = await page.evaluate(
    () => localStorage.getItem('session') ?? sessionStorage.getItem('session'),
  )
  const session = v.safeParse(storedSession, JSON.parse(raw ?? 'null'))
  if (!session.success) return
  const userId = session.output.user.id
  const expired = await signToken(
    userId,
    randomUUID(),
    60,
    new TextEncoder().encode(jwtSecret),
    new Date(Date.now() - 2 * 60 * 60_000),
  )
  const apiRoutes = `${base}/api/**`
  await page.route(apiRoutes, (route) => {
    const headers = route.request().headers()
    if (!headers.authorization?.startsWith('Bearer ')) return route.continue()
    return route.continue({ headers: { ...headers, authorization: `Bearer ${expired}` } })
  })
  expiries += 1
  try {
    await page.reload()
    await page.waitForURL(/\/login/, { timeout: 15_000 }).catch(() => undefined)
  } finally {
    await page.unroute(apiRoutes)
  }
}

/**
 * Finishes one trial on the simple screen, with a double click on Save when `double` (as hurried
 * people do; it must still store one trial); a session that ran out is signed in again first.
 */
async function finishTrial(comment: string, double: boolean) {
  for (let attempt = 0; ; attempt += 1) {
    await page.goto(`${base}/free-guided-trial/simple`)
    try {
      if (page.url().includes('/login')) throw new Error('signed out')
      await page.getByRole('textbox', { name: 'Comment' }).fill(comment, { timeout: 5_000 })
      const save = page.getByRole('button', { name: 'Save' })
      finishedAt.set(comment, Date.now())
      offAtFinish.set(comment, clockOff)
      if (double) await save.dblclick({ timeout: 5_000 })
      else await save.click({ timeout: 5_000 })
      await page.waitForURL(`${base}/`, { timeout: 10_000 })
      return
    } catch (error) {
      // The app sends a user whose token expired to the sign-in screen, possibly mid-trial, or
      // just after Save: a trial already saved is not entered again (a person would see it in the
      // outbox), so only an unsaved one is.
      if (attempt >= 3 || !page.url().includes('/login')) throw error
      if (await savedAlready(comment)) {
        savedBeforeSignIn += 1
        return
      }
      await signIn()
    }
  }
}

/** Whether the trial with this comment waits in the device's outbox or reached the server. */
async function savedAlready(comment: string): Promise<boolean> {
  // The outbox first: a trial leaves it only once the server has stored it.
  const queued = await page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve, reject) => {
        const opening = indexedDB.open('brand-expert')
        opening.onerror = () => reject(new Error(`outbox not opened: ${opening.error?.message}`))
        opening.onsuccess = () => {
          const database = opening.result
          if (!database.objectStoreNames.contains('outbox')) return resolve(false)
          const reading = database.transaction('outbox').objectStore('outbox').getAll()
          reading.onerror = () => reject(new Error(`outbox not read: ${reading.error?.message}`))
          reading.onsuccess = () => {
            database.close()
            resolve(
              reading.result.some(
                (item: { body?: { comment?: unknown } }) => item.body?.comment === wanted,
              ),
            )
          }
        }
      }),
    comment,
  )
  if (queued) return true
  if (!running()) {
    await startServer()
    restarts += 1
  }
  return (await storedComments(comment)).includes(comment)
}

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour
/** The devices the soak plays, by how far their clocks are off (ms): minutes to days, both ways. */
const skews = [0, 3 * minute, -7 * minute, 5 * hour, -26 * hour, 2 * day, -3 * day, 45 * minute]
/** Clocks set while trials wait: by the network (right again) or by hand, either way. */
const jumps = [0, -40 * minute, 90 * minute, -2 * day, 30 * hour]
let clockOff = 0
/** How far the page's clock was off when each trial was finished, for the report of a miss. */
const offAtFinish = new Map<string, number>()
/** The page's clock off by `by` from the real time (Playwright's clock; it keeps running). */
async function setClock(by: number) {
  clockOff = by
  await page.clock.setSystemTime(new Date(Date.now() + by))
}

/**
 * A reload that waits for an answer of the app's own client, from which it learns the server's
 * clock (src/api/server-clock.ts), as any page it opens does.
 */
async function learnClock(): Promise<string | undefined> {
  const answered = page.waitForResponse(
    (response) =>
      response.url().startsWith(`${base}/api/`) &&
      response.request().headers()[deviceTimeHeader.toLowerCase()] !== undefined &&
      response.ok(),
    { timeout: 15_000 },
  )
  await page.goto(`${base}/`)
  const version = (await answered).request().headers()[appVersionHeader.toLowerCase()]
  // Learned once the page has kept it (src/api/server-clock.ts's `server-clock`): the next
  // navigation may otherwise come first, and the trial be frozen with the offset of the clock before.
  await page.waitForFunction(
    (expected) => {
      const known: unknown = JSON.parse(localStorage.getItem('server-clock') ?? 'null')
      return (
        typeof known === 'object' &&
        known !== null &&
        'offsetMs' in known &&
        typeof known.offsetMs === 'number' &&
        Math.abs(known.offsetMs - expected) < 5_000
      )
    },
    -clockOff,
    { timeout: 15_000 },
  )
  return version
}

/** A server start where the tablet's clock may have been set while trials waited. */
async function serverBack(jump: boolean) {
  if (jump) {
    await setClock(jumps[clockJumps % jumps.length] ?? 0)
    clockJumps += 1
  }
  await startServer()
  restarts += 1
  if (jump) await learnClock()
}

/**
 * A second build of the same version, as a release would serve it while trials wait: every later
 * request names it in `App-Version` (the build's bytes stay, so the service worker has nothing to
 * install: the server's side is what the soak checks).
 */
let firstBuild = ''
let secondBuild = ''
async function serveNewBuild() {
  secondBuild = firstBuild.replace(/\+.*$/, '+soak2nd')
  await page.context().route(`${base}/api/**`, (route) =>
    route.continue({
      headers: { ...route.request().headers(), [appVersionHeader.toLowerCase()]: secondBuild },
    }),
  )
}

/**
 * The link flaps: `min(total, 200)` trials are queued while it is down (written into the outbox as
 * the app writes them, and the page reloaded offline), then it is up and down in turn, `flapMs`
 * each, until no trial waits. Answers whether the server then holds each exactly once.
 */
async function flappingLink(): Promise<boolean> {
  const count = Math.min(total, 200)
  const session = v.parse(
    storedSession,
    JSON.parse(
      (await page.evaluate(
        () => localStorage.getItem('session') ?? sessionStorage.getItem('session'),
      )) ?? 'null',
    ),
  )
  const { token } = await api.login(demo.manager.email)
  const stores = await api.get<Rows<{ id: number }>>(token, 'store/search')
  const storeId = stores.rows[0]?.id
  if (storeId === undefined) throw new Error('no store to file the flapping trials at')
  const flapMarker = `soak-flap-${Date.now()}`
  const started = Date.now()
  // The link's speed, not the tablet's: what is checked here is that each trial arrives once.
  const link = await storeLink(browser, page.context(), page, base, 'offline', { slowCpu: false })
  // The page's clock, which the soak has set off from the real one: the trials are due by it.
  const now = await page.evaluate(() => Date.now())
  const items = Array.from({ length: count }, (_, index) =>
    newOutboxItem(
      randomUUID(),
      session.user.id,
      v.parse(trialBodySchema, trialBody(storeId, `${flapMarker}-${index}`)),
      now + index,
      null,
    ),
  )
  await enqueue(page, items)
  await page.reload()
  await page.getByRole('link', { name: /\d+ trials? waiting/ }).waitFor({ timeout: 30_000 })
  let posts = 0
  const countPost = (request: { method: () => string; url: () => string }) => {
    if (request.method() === 'POST' && request.url().endsWith('/free-guided/form')) posts += 1
  }
  page.on('request', countPost)
  let spells = 0
  const waiting = async () => (await outboxCount(page, session.user.id)).waiting
  // Two minutes of flapping at most; then the link stays up, so that a lost trial is told from
  // a slow one.
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    spells += 1
    await link.set('slow')
    await page.waitForTimeout(flapMs)
    if ((await waiting()) === 0) break
    await link.set('offline')
    await page.waitForTimeout(flapMs)
  }
  await link.set('slow')
  for (const deadline = Date.now() + 60_000; (await waiting()) > 0 && Date.now() < deadline;)
    await page.waitForTimeout(500)
  page.off('request', countPost)
  await link.close()
  const flapStored = await storedComments(flapMarker)
  const distinct = new Set(flapStored).size
  console.log(
    `flapping link: ${count} trials queued offline, sent over ${spells} online spells of ${flapMs} ms (offline ${flapMs} ms between), ${posts} POSTs; stored: ${flapStored.length}; distinct: ${distinct}; lost: ${count - distinct}; duplicated: ${flapStored.length - distinct}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  return flapStored.length === count && distinct === count
}

let restarts = 0
let expiries = 0
let savedBeforeSignIn = 0
let clockJumps = 0
let devices = 1
/** When each trial was really finished (the real clock, at the click on Save). */
const finishedAt = new Map<string, number>()
await signIn()
await page.evaluate(async () => {
  await navigator.serviceWorker.ready
})
await page.reload()
// The build the browser runs, as its requests name it.
firstBuild = (await learnClock()) ?? 'unknown'

const marker = `soak-${Date.now()}`
const started = Date.now()
const third = Math.floor(total / 3)
// Another device (another clock) every few trials, so that a short run still meets several.
const perDevice = Math.max(2, Math.ceil(total / skews.length))
for (let index = 0; index < total; index += 1) {
  const dice = random()
  // About one stop in 12 trials; down for about 4 trials each time.
  // At random, and at least once (a third of the way in, back two thirds in), a server stop.
  // The new build is served from two thirds in, when the server comes back if it is down.
  if (index === 2 * third) await serveNewBuild()
  if (running() && (dice < 0.08 || index === third)) await stopServer()
  else if (!running() && (dice < 0.25 || index === 2 * third)) {
    // The tablet's clock is set as the connection returns: at least the first time, then at random.
    await serverBack(clockJumps === 0 || random() < 0.5)
  }
  // Another device: its clock is off from the start, and it has learned the server's since.
  if (index > 0 && index % perDevice === 0 && running()) {
    await setClock(skews[devices % skews.length] ?? 0)
    devices += 1
    await learnClock()
  }
  if (random() < 0.05) await page.reload()
  // Now and then, and at least once (half way), the session's token runs out.
  if (random() < 0.02 || index === Math.floor(total / 2)) await expireToken()
  await finishTrial(`${marker}-${index}`, index % 2 === 0)
}
if (!running()) await startServer()

// The outbox drains once the server is back. Trials refused with `jwt expired` wait for the
// user's next sign-in, which the outbox shows: the user then signs in, as a person would.
await page.goto(`${base}/outbox`)
const drained = page.getByText('Every finished trial has reached the server.')
const waitsForSignIn = page.getByText('Waits for your next sign-in').first()
for (const deadline = Date.now() + 300_000; !(await drained.isVisible());) {
  if (Date.now() > deadline) throw new Error('the outbox did not drain in 5 minutes')
  if (page.url().includes('/login') || (await waitsForSignIn.isVisible())) {
    await signIn()
    await page.goto(`${base}/outbox`)
  }
  await page
    .getByRole('button', { name: 'Send now' })
    .click({ timeout: 1_000 })
    .catch(() => undefined)
  await page.waitForTimeout(1_000)
}
const stored = await storedTrials(marker)
const comments = stored.map((trial) => trial.comment)
const unique = new Set(comments)
const seconds = ((Date.now() - started) / 1000).toFixed(1)
// How far each stored capture time is from the real finish (ms).
const errors = stored.map((trial) =>
  Math.abs(trial.capturedAt - (finishedAt.get(trial.comment) ?? Number.NaN)),
)
const sorted = errors.filter(Number.isFinite).sort((a, b) => a - b)
const worst = sorted.at(-1) ?? Number.NaN
const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
const offBy2s = errors.filter((error) => !(error <= 2_000)).length
for (const trial of stored) {
  const error = trial.capturedAt - (finishedAt.get(trial.comment) ?? Number.NaN)
  if (!(Math.abs(error) <= 2_000))
    console.log(
      `${trial.comment}: capture time off by ${error} ms (clock off by ${offAtFinish.get(trial.comment)} ms at Finish; ${trial.marks || 'no marks'})`,
    )
}
const byBuild = (build: string) => stored.filter((trial) => trial.appVersion === build).length
console.log(
  `trials finished: ${total}; server restarts: ${restarts}; tokens expired: ${expiries}; saved just before a sign-in: ${savedBeforeSignIn}; stored: ${comments.length}; distinct: ${unique.size}; ${seconds} s`,
)
console.log(
  `clocks: ${devices} devices (off by up to ${Math.max(...skews.map(Math.abs)) / day} days), ${clockJumps} clock jumps while trials waited; capture time off by median ${median} ms, worst ${worst} ms; more than 2 s off: ${offBy2s}`,
)
console.log(
  `builds: ${byBuild(firstBuild)} trials sent by ${firstBuild}, ${byBuild(secondBuild)} by ${secondBuild} (served from trial ${2 * third})`,
)
const flapped = await flappingLink()
await browser.close()
await stopServer()
const ok =
  flapped &&
  comments.length === total &&
  unique.size === total &&
  offBy2s === 0 &&
  byBuild(secondBuild) > 0 &&
  byBuild(firstBuild) + byBuild(secondBuild) === total
console.log(
  ok
    ? 'soak: 0 lost, 0 duplicated (also on the flapping link), every capture time within 2 s of its finish'
    : 'soak: FAILED',
)
process.exit(ok ? 0 : 1)
