import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream, existsSync, globSync, mkdirSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { after, before, test } from 'node:test'
import { Builder, type WebDriver } from 'selenium-webdriver'
import { demoPassword } from '../support/accounts.ts'
import { demoPin } from '../support/sign-in.ts'
import { apiClient, apiPath } from '../support/api.ts'
import {
  isKept,
  keepLookupsNow,
  keptLookupsInPage,
  type KeptLookups,
} from '../support/kept-lookups.ts'
import { copyOfBuild } from '../support/release-worker.ts'
import { byLabel, byRole, Screen } from './screen.ts'

/**
 * The WebKit suite's world: the real server on the built app, started as playwright.config.ts
 * starts it (a fresh embedded database per test file, here on port 4300), and WebKitGTK's
 * WebDriver with its MiniBrowser under a virtual display. Each test gets a new browser session
 * (nothing kept from the last one) in a tablet-sized window, in English unless it says otherwise.
 */
export const port = Number(process.env.WEBKIT_PORT ?? 4300)
export const baseUrl = `http://127.0.0.1:${port}`
/** The server's data folder: a test may add to its database while the server is stopped. */
export const dataDir = `.data/webkit-${port}`
const outputDir = `test-results/webkit-${port}`
/** The copy of the build the server serves, in which a test may release a new service worker. */
export const servedBuild = `${dataDir}/dist`
mkdirSync(outputDir, { recursive: true })

export const api = apiClient(baseUrl)

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok
  } catch {
    return false
  }
}

async function until(what: string, check: () => Promise<boolean>, timeout: number) {
  const deadline = Date.now() + timeout
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeout} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The app's server as a child process the tests stop and start again ("the server is down"). */
export class AppServer {
  private child: ChildProcess | null = null
  private readonly log = createWriteStream(`${outputDir}/server.log`, { flags: 'a' })

  get running(): boolean {
    return this.child !== null
  }

  /** Starts the server; `fresh` starts from a new database with the demo data. */
  async start({ fresh }: { fresh: boolean }): Promise<void> {
    const health = `${baseUrl}${apiPath}/ready`
    if (await answers(health)) throw new Error(`another server already answers on port ${port}`)
    if (fresh) rmSync(dataDir, { recursive: true, force: true })
    if (!existsSync(servedBuild)) copyOfBuild(servedBuild)
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: servedBuild,
        PUBLIC_URL: baseUrl,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    child.stderr.pipe(this.log, { end: false })
    this.child = child
    let exited = false
    child.once('exit', () => (exited = true))
    await until(
      'the server did not answer (see test-results/webkit-*/server.log)',
      async () => {
        if (exited) throw new Error(`the server exited at start (see ${outputDir}/server.log)`)
        return answers(health)
      },
      60_000,
    )
  }

  /** Ends the server at once (synchronous: run as the test process exits). */
  kill(): void {
    this.child?.kill('SIGKILL')
  }

  /** Stops the server as a shutdown does: nothing answers on its port until `start`. */
  async stop(): Promise<void> {
    const child = this.child
    this.child = null
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(force)
  }
}

/** Debian's MiniBrowser (webkit2gtk-driver's dependency), or `MINIBROWSER_PATH`. */
function miniBrowser(): string {
  const found =
    process.env.MINIBROWSER_PATH ??
    globSync('/usr/lib/*/webkit2gtk-4.*/MiniBrowser')[0] ??
    globSync('/usr/lib/*/webkitgtk-6.*/MiniBrowser')[0]
  if (!found || !existsSync(found))
    throw new Error('MiniBrowser not found: run `node scripts/setup/ensure-webkit.ts`')
  return found
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('no free port'))
      })
    })
  })
}

/**
 * WebKitWebDriver on a virtual display of its own. Xvfb picks a free display itself and says which
 * (`-displayfd`): two runs on one machine never share one, as `xvfb-run --auto-servernum` may
 * (then MiniBrowser cannot open its display and a new session never starts).
 */
class WebKitDriver {
  private xvfb: ChildProcess | null = null
  private driver: ChildProcess | null = null
  private url = ''

  async start(): Promise<void> {
    // The driver's and the browsers' messages, for a failed run.
    const log = openSync(`${outputDir}/webkit.log`, 'a')
    const xvfb = spawn(
      'Xvfb',
      ['-displayfd', '3', '-screen', '0', '1280x1280x24', '-nolisten', 'tcp'],
      {
        stdio: ['ignore', log, log, 'pipe'],
      },
    )
    this.xvfb = xvfb
    const display = await new Promise<string>((resolve, reject) => {
      let said = ''
      xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
        said += chunk.toString()
        if (said.includes('\n')) resolve(said.trim())
      })
      xvfb.once('exit', () =>
        reject(new Error(`Xvfb exited at start (see ${outputDir}/webkit.log)`)),
      )
      setTimeout(() => reject(new Error('Xvfb did not say its display')), 20_000)
    })

    const driverPort = await freePort()
    this.url = `http://127.0.0.1:${driverPort}`
    const driver = spawn('WebKitWebDriver', [`--port=${driverPort}`], {
      // Its own process group: stopping it stops the browsers it started too.
      detached: true,
      stdio: ['ignore', log, log],
      // The stores' time zone, as on the tablets and the server's default TIME_ZONE.
      env: { ...process.env, DISPLAY: `:${display}`, TZ: 'Europe/Belgrade' },
    })
    this.driver = driver
    await until(
      'WebKitWebDriver did not answer',
      async () => {
        if (driver.exitCode !== null) throw new Error('WebKitWebDriver exited at start')
        return answers(`${this.url}/status`)
      },
      30_000,
    )
  }

  async session(): Promise<WebDriver> {
    const starting = new Builder()
      .usingServer(this.url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': {
          binary: miniBrowser(),
          args: ['--automation'],
        },
      })
      .build()
    // A browser that cannot start fails its test at once instead of using up its time.
    const driver = await Promise.race([
      starting,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no WebKit session within 60 s')), 60_000).unref(),
      ),
    ])
    // A page that never loads, or a script that never answers, fails its test instead of hanging it.
    await driver.manage().setTimeouts({ pageLoad: 30_000, script: 20_000 })
    // The outer window of a tablet held upright (the Chromium suite's viewport is 768 x 1024).
    await driver.manage().window().setRect({ width: 768, height: 1024 })
    return driver
  }

  /** Ends the driver, its browsers and its display (synchronous: also run as the process exits). */
  stop(): void {
    const pid = this.driver?.pid
    if (pid !== undefined && this.driver?.exitCode === null) {
      try {
        process.kill(-pid, 'SIGTERM')
      } catch {
        // Gone already.
      }
    }
    if (this.xvfb?.exitCode === null) this.xvfb.kill('SIGTERM')
  }
}

const server = new AppServer()
const webkit = new WebKitDriver()
// A test file that dies (an interrupted run) takes its driver and its server with it.
process.once('exit', () => {
  webkit.stop()
  server.kill()
})

/**
 * The file's server and WebKit: call once at the top of a test file. Answers the server, which
 * a test may stop and start again. `prepare` runs once both are up, before the first test (a
 * file's own `before` would not wait for them: node:test runs a file's top-level hooks at once).
 */
export function webkitSuite({
  prepare,
}: { prepare?: (server: AppServer) => Promise<void> } = {}): AppServer {
  before(
    async () => {
      await Promise.all([webkit.start(), server.start({ fresh: true })])
      await prepare?.(server)
    },
    { timeout: 240_000 },
  )
  after(async () => {
    webkit.stop()
    await server.stop()
  })
  return server
}

/**
 * A test in a new WebKit session, opened on the sign-in page in `locale` (English unless told:
 * the choice a device remembers, as the Chromium suite's fixture sets it). On failure a picture of
 * the screen goes to test-results/webkit-PORT/. A test that stopped the server leaves it running.
 */
export function inWebKit(
  name: string,
  body: (screen: Screen) => Promise<void>,
  {
    timeout = 120_000,
    locale = 'en',
    origin = () => baseUrl,
  }: {
    timeout?: number
    locale?: 'en' | 'me' | 'sr' | null
    /** Where the browser reaches the server: a link in front of it (bench/shaped-link.ts). */
    origin?: () => string
  } = {},
): void {
  void test(name, { timeout }, async () => {
    const driver = await webkit.session()
    const screen = new Screen(driver, origin())
    try {
      await screen.open('/login')
      // The app writes the device's language as it starts: the test's choice comes after it.
      await screen.waitFor('the sign-in page to start', () =>
        screen.run<boolean>(
          () => localStorage.getItem('locale') !== null && !document.querySelector('[inert]'),
        ),
      )
      if (locale) {
        await screen.run((chosen: string) => {
          localStorage.setItem('locale', chosen)
          document.cookie = `locale=${chosen}; Path=/login`
        }, locale)
      }
      await body(screen)
    } catch (error) {
      const file = `${outputDir}/${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`
      await screen.keepScreenshot(file).catch(() => undefined)
      throw error
    } finally {
      await driver.quit().catch(() => undefined)
      if (!server.running) await server.start({ fresh: false })
    }
  })
}

/**
 * Signs in on the sign-in page, typing as a person does, and chooses the demo PIN when the device
 * asks for a first one (tests/support/sign-in.ts). Resolves once the app is open, or the form has
 * refused the password.
 */
export async function signIn(screen: Screen, email: string, password = demoPassword) {
  await screen.open('/login')
  await screen.type(byLabel('Email'), email)
  await screen.type(byLabel('Password'), password)
  await screen.click(byRole('button', 'Sign in'))
  let outcome = ''
  await screen.waitFor(
    'the app, a first PIN to choose, or the refusal',
    async () => {
      outcome = await screen.run<string>(() => {
        if (document.querySelector('form[name="choose-pin"]')) return 'choose-pin'
        if (location.pathname !== '/login' && document.querySelector('header')) return 'open'
        return document.querySelector('form [role="alert"]') ? 'refused' : ''
      })
      return outcome !== ''
    },
    30_000,
  )
  if (outcome !== 'choose-pin') return
  await screen.type(byLabel('PIN'), demoPin)
  await screen.type(byLabel('Repeat the PIN'), demoPin)
  await screen.click(byRole('button', 'Save the PIN'))
  await screen.waitFor(
    'the app after the first PIN',
    () => screen.run<boolean>(() => document.querySelector('header') !== null),
    30_000,
  )
}

/**
 * Waits until the app has made its database on the device (at the first sign-in on it). A page
 * left while the database is being made can freeze the making in WebKit, which no script of the
 * page can undo (docs/webkit.md): a person does not leave in that moment, and a test does not either.
 */
export async function deviceDatabaseMade(screen: Screen): Promise<void> {
  await screen.waitFor(
    "the app's database made on the device",
    () =>
      screen.run<boolean>(
        () =>
          new Promise<boolean>((resolve) => {
            const opening = indexedDB.open('brand-expert')
            opening.onsuccess = () => {
              resolve(opening.result.objectStoreNames.contains('outbox'))
              opening.result.close()
            }
            opening.onerror = () => resolve(false)
          }),
      ),
    20_000,
  )
}

/** Signs in and waits for the home and the device's database. */
export async function signInToHome(screen: Screen, email: string): Promise<void> {
  await signIn(screen, email)
  await screen.waitForPath('/')
  await deviceDatabaseMade(screen)
}

/** Waits until the service worker controls the page: the app shell is kept for offline use. */
export async function controlledByServiceWorker(screen: Screen): Promise<void> {
  // Installing the worker fetches the whole precache: slow on a busy machine.
  await screen.waitFor(
    'the service worker to be installed',
    () =>
      screen.run<boolean>(
        async () => (await navigator.serviceWorker.getRegistration())?.active != null,
      ),
    40_000,
  )
  await screen.reload()
  await screen.waitFor(
    'the service worker to control the page',
    () => screen.run<boolean>(() => navigator.serviceWorker.controller !== null),
    20_000,
  )
}

/**
 * Waits until the look-up with this query key is kept on the device, as a test must before it
 * stops the server: the app is asked to write at once instead of about a second after the change.
 */
export async function kept(screen: Screen, queryKey: readonly unknown[]): Promise<void> {
  const since = await screen.run<number>(keepLookupsNow)
  await screen.waitFor(
    `the look-up ${JSON.stringify(queryKey)} kept on the device`,
    async () => isKept(await screen.run<KeptLookups>(keptLookupsInPage), queryKey, since),
    20_000,
  )
}
