import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as v from 'valibot'
import type { BrowserContext, Page } from '@playwright/test'
import type { BenchModule, Figure } from './figures.ts'
import { newAppContext, signIn, startApp, type DemoRole, type RunningApp } from './browser.ts'
import { launchChromium } from '../tests/support/chromium.ts'
import { distDir } from './server.ts'
import { driveTrial } from './trials.ts'

/**
 * Bundle budgets (docs/quality.md): the gzip size of the JS and CSS each route really loads in
 * Chromium, per role, and whether code only the admin screens need reaches a manager or an agent,
 * fetched by the page or precached by the service worker.
 *
 * Sizes are each dist file gzipped at level 9 (the server sends them uncompressed); KB = 1000 bytes,
 * as Vite prints them.
 */

// ---------------------------------------------------------------------------------------------
// The build: which chunk holds which sources, what imports what, which chunks only admins need.

/**
 * Sources only the admin screens use: their routes, their features and their contracts, and the
 * date field of their forms.
 */
const adminOnlySource = [
  /^src\/routes\/_app\/_admin[/.]/,
  /^src\/features\/(users|store-admin|reports|trials|review|audit|devices|backups|customer-rights|content-admin|catalogue-admin)\//,
  /^src\/ui\/admin\//,
  /^src\/contract\/((endpoints\/)?(users|store-admin|device-admin|device-actions|device-action-messages|reports|audit|backups)|endpoints\/(review|quarantine-admin|catalogue-admin|content-admin)|review-(requests|messages|labels)|quarantine-(requests|messages)|content-(requests|messages)|catalogue-(requests|messages)|administration-messages)\.ts$/,
  /^src\/ui\/date-field[.-]/,
]

type Chunk = {
  /** `assets/name-hash.js`, as the page requests it (without the leading slash). */
  name: string
  gzip: number
  /** The project's own sources in it (no node_modules), from its source map. */
  sources: string[]
  staticImports: string[]
  /** Each dynamic import with the files loaded along with it (the target first). */
  dynamicGroups: string[][]
}

export type DistAnalysis = {
  chunks: Map<string, Chunk>
  /** Chunks (JS and CSS) that only admin routes need. */
  adminOnly: Set<string>
  /** Files `index.html` loads on every page (script, modulepreload, stylesheet). */
  entry: Set<string>
  /** Files in the service worker's precache manifest. */
  precache: Set<string>
}

const sourceMap = v.object({ sources: v.array(v.string()) })

function projectSources(mapFile: string): string[] {
  if (!existsSync(mapFile)) return []
  const { sources } = v.parse(sourceMap, JSON.parse(readFileSync(mapFile, 'utf8')))
  return sources
    .filter((source) => !source.includes('node_modules'))
    .map((source) => source.replace(/^(\.\.\/)+/, ''))
}

function matches(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1] ?? '')
}

function parseChunk(name: string): Chunk {
  const file = join(distDir, name)
  const bytes = readFileSync(file)
  const gzip = gzipSync(bytes, { level: 9 }).length
  if (!name.endsWith('.js')) {
    return { name, gzip, sources: [], staticImports: [], dynamicGroups: [] }
  }
  const text = bytes.toString('utf8')
  const local = (file: string) => `assets/${file}`
  const staticImports = matches(text, /(?:import|from)\s*"\.\/([^"]+)"/g).map(local)
  // Vite's preload table: `m.f=["assets/a.js", …]`, used as `__vite__mapDeps([0,3,7])`.
  const table = matches(/m\.f=\[([^\]]*)\]/.exec(text)?.[1] ?? '', /"(assets\/[^"]+)"/g)
  const dynamicGroups = matches(text, /__vite__mapDeps\(\[([\d,]*)\]\)/g).map((indices) =>
    indices
      .split(',')
      .map((index) => table[Number(index)])
      .filter((entry): entry is string => entry !== undefined),
  )
  for (const target of matches(text, /import\("\.\/([^"]+)"\)/g)) {
    dynamicGroups.push([local(target)])
  }
  return { name, gzip, sources: projectSources(`${file}.map`), staticImports, dynamicGroups }
}

/** Reads `dist/`: every chunk's size, sources and imports, and which chunks only admins need. */
export function analyzeDist(): DistAnalysis {
  const names = readdirSync(join(distDir, 'assets'))
    .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
    .map((file) => `assets/${file}`)
  const chunks = new Map(names.map((name) => [name, parseChunk(name)]))

  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const entry = new Set(matches(html, /(?:src|href)="\/(assets\/[^"]+)"/g))
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8')
  const precache = new Set(matches(sw, /"url":"([^"]+)"/g))

  const bySource = new Set(
    [...chunks.values()]
      .filter(
        (chunk) =>
          chunk.sources.length > 0 &&
          chunk.sources.every((source) => adminOnlySource.some((rule) => rule.test(source))),
      )
      .map((chunk) => chunk.name),
  )

  // What the other routes reach: index.html, then imports and route loads that are not admin.
  const reached = new Set<string>()
  const queue = [...entry].filter((name) => !bySource.has(name))
  const visit = (name: string) => {
    if (!bySource.has(name) && !reached.has(name)) {
      reached.add(name)
      queue.push(name)
    }
  }
  queue.forEach((name) => reached.add(name))
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const chunk = chunks.get(name)
    if (!chunk) continue
    chunk.staticImports.forEach(visit)
    for (const group of chunk.dynamicGroups) {
      if (group[0] !== undefined && !bySource.has(group[0])) group.forEach(visit)
    }
  }

  // What the admin routes reach (their chunks, their imports and everything loaded with them).
  const adminReach = new Set(bySource)
  for (let grew = true; grew;) {
    grew = false
    const add = (name: string) => {
      if (!adminReach.has(name)) {
        adminReach.add(name)
        grew = true
      }
    }
    for (const chunk of chunks.values()) {
      for (const group of chunk.dynamicGroups) {
        if (group[0] !== undefined && adminReach.has(group[0])) group.forEach(add)
      }
      if (adminReach.has(chunk.name)) chunk.staticImports.forEach(add)
    }
  }
  const adminOnly = new Set([...adminReach].filter((name) => !reached.has(name)))
  return { chunks, adminOnly, entry, precache }
}

// ---------------------------------------------------------------------------------------------
// The sessions: what each role's page really requests, route by route.

type RouteLoad = { route: string; js: string[]; css: string[] }

/** Records the /assets/ files a page requests and the ones its service worker fetches. */
class Recorder {
  private seen = new Set<string>()
  private pending: string[] = []
  readonly serviceWorker = new Set<string>()
  readonly routes: RouteLoad[] = []

  constructor(app: RunningApp, context: BrowserContext, page: Page) {
    const assetName = (url: string) => {
      const parsed = new URL(url)
      return parsed.origin === app.url && parsed.pathname.startsWith('/assets/')
        ? parsed.pathname.slice(1)
        : null
    }
    page.on('request', (request) => {
      const name = assetName(request.url())
      if (name && !this.seen.has(name)) {
        this.seen.add(name)
        this.pending.push(name)
      }
    })
    context.on('request', (request) => {
      const name = assetName(request.url())
      if (name && request.serviceWorker()) this.serviceWorker.add(name)
    })
  }

  /** What was requested since the last mark is what `route` loaded. */
  mark(route: string) {
    const files = this.pending.splice(0)
    this.routes.push({
      route,
      js: files.filter((file) => file.endsWith('.js')),
      css: files.filter((file) => file.endsWith('.css')),
    })
  }

  all(): string[] {
    return [...this.seen]
  }
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined)
}

async function visit(page: Page, recorder: Recorder, route: string) {
  await page.goto(route)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await settle(page)
  recorder.mark(route)
}

type Journey = (page: Page, recorder: Recorder) => Promise<void>

const journeys: Record<DemoRole, Journey> = {
  agent: async (page, recorder) => {
    await driveTrial(page)
    await settle(page)
    recorder.mark('/free-guided-trial (17 steps) → /free-guided-trial-success')
  },
  manager: async (page, recorder) => {
    await visit(page, recorder, '/vouchers')
    await page.getByLabel('Voucher code').fill('MGM-VALID-0001')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(/\/vouchers\/\d+$/)
    await page.getByRole('heading', { level: 1, name: /MGM-VALID-0001/ }).waitFor()
    await settle(page)
    recorder.mark('/vouchers/:id')
    await visit(page, recorder, '/customers')
    await page.getByLabel('Email, phone, referral code or name').fill('Petrovi')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const customer = page.getByRole('table', { name: 'Results' }).getByRole('link').first()
    const name = (await customer.innerText()).trim()
    await customer.click()
    await page.waitForURL(/\/customers\/\d+\/overview$/)
    await page.getByRole('heading', { level: 1, name }).waitFor()
    await settle(page)
    recorder.mark('/customers/:id/overview')
  },
  admin: async (page, recorder) => {
    for (const route of ['/users', '/stores', '/reports', '/dashboard']) {
      await visit(page, recorder, route)
    }
  },
}

type Session = { role: DemoRole; routes: RouteLoad[]; fetched: string[]; precached: string[] }

async function session(
  app: RunningApp,
  role: DemoRole,
  launch: () => Promise<BrowserContext>,
): Promise<Session> {
  const context = await launch()
  try {
    const page = await context.newPage()
    const recorder = new Recorder(app, context, page)
    await page.goto('/login')
    await page.locator('input[autocomplete="username"]').waitFor()
    await settle(page)
    recorder.mark('/login')
    await signIn(page, role)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await settle(page)
    recorder.mark('/ (home)')
    await journeys[role](page, recorder)
    // The service worker has precached everything once it is active.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    return {
      role,
      routes: recorder.routes,
      fetched: recorder.all(),
      precached: [...recorder.serviceWorker],
    }
  } finally {
    await context.close()
  }
}

// ---------------------------------------------------------------------------------------------
// Figures.

function sizeOf(dist: DistAnalysis, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + (dist.chunks.get(file)?.gzip ?? 0), 0)
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
const shortName = (file: string) => file.replace(/^assets\//, '')

function routeTable(dist: DistAnalysis, routes: readonly RouteLoad[]): string {
  return routes
    .map(
      ({ route, js, css }) =>
        `${route}: +${kb(sizeOf(dist, js))} JS (${js.length}), +${kb(sizeOf(dist, css))} CSS`,
    )
    .join('; ')
}

function largest(dist: DistAnalysis, files: readonly string[], count = 6): string {
  return [...files]
    .sort((a, b) => sizeOf(dist, [b]) - sizeOf(dist, [a]))
    .slice(0, count)
    .map((file) => `${shortName(file)} ${kb(sizeOf(dist, [file]))}`)
    .join(', ')
}

function adminFigure(dist: DistAnalysis, who: string, files: readonly string[]): Figure {
  const admin = files.filter((file) => dist.adminOnly.has(file)).sort()
  const listed = admin
    .map((file) => `${shortName(file)}${dist.entry.has(file) ? ' (index.html modulepreload)' : ''}`)
    .join(', ')
  return {
    name: `admin-only code fetched by a ${who} session`,
    budget: 'none (not loaded for managers and agents)',
    measured: `${admin.length} chunks, ${kb(sizeOf(dist, admin))}`,
    pass: admin.length === 0,
    note: admin.length ? `FETCHED: ${listed}` : 'none of the admin-only chunks was requested',
  }
}

async function run(): Promise<Figure[]> {
  const dist = analyzeDist()
  const app = await startApp()
  const browser = await launchChromium()
  try {
    const sessions: Session[] = []
    for (const role of ['agent', 'manager', 'admin'] as const) {
      sessions.push(await session(app, role, () => newAppContext(browser, app)))
    }
    const find = (role: DemoRole) => {
      const found = sessions.find((entry) => entry.role === role)
      if (!found) throw new Error(`no ${role} session`)
      return found
    }
    const agent = find('agent')
    const manager = find('manager')
    const admin = find('admin')

    const adminSeen = admin.fetched.filter((file) => dist.adminOnly.has(file))
    if (adminSeen.length === 0) {
      throw new Error(
        'the admin session fetched none of the admin-only chunks: the analysis is off',
      )
    }

    const login = agent.routes[0]
    const loginJs = login?.js ?? []
    const agentJs = agent.fetched.filter((file) => file.endsWith('.js'))
    const agentCss = agent.fetched.filter((file) => file.endsWith('.css'))
    const method = 'Chromium (Playwright), en locale, each file gzip -9 from dist/'

    const figures: Figure[] = [
      {
        name: 'JS for the first screen (/login), gzip',
        budget: '<= 135 KB',
        measured: kb(sizeOf(dist, loginJs)),
        pass: sizeOf(dist, loginJs) <= 135_000,
        note: `${loginJs.length} JS files (largest: ${largest(dist, loginJs)}), CSS ${kb(sizeOf(dist, login?.css ?? []))}; ${method}`,
      },
      {
        name: "JS for a brand expert's whole trial path, gzip",
        budget: '<= 220 KB',
        measured: kb(sizeOf(dist, agentJs)),
        pass: sizeOf(dist, agentJs) <= 220_000,
        note: `agent: ${routeTable(dist, agent.routes)}; CSS in all ${kb(sizeOf(dist, agentCss))}; largest: ${largest(dist, agentJs)}`,
      },
    ]
    for (const { role, routes, fetched } of [manager, admin]) {
      const js = fetched.filter((file) => file.endsWith('.js'))
      const css = fetched.filter((file) => file.endsWith('.css'))
      figures.push({
        name: `JS and CSS by route, ${role}, gzip`,
        budget: '(no budget)',
        measured: `JS ${kb(sizeOf(dist, js))}, CSS ${kb(sizeOf(dist, css))}`,
        pass: null,
        note: routeTable(dist, routes),
      })
    }
    figures.push(adminFigure(dist, 'manager', manager.fetched))
    figures.push(adminFigure(dist, 'brand expert (agent)', agent.fetched))

    const precached = [...new Set([...manager.precached, ...agent.precached])]
      .filter((file) => dist.adminOnly.has(file))
      .sort()
    figures.push({
      name: 'admin chunks precached by the service worker for managers/agents',
      budget: 'none (not loaded for managers and agents)',
      measured: `${precached.length} chunks, ${kb(sizeOf(dist, precached))}`,
      pass: precached.length === 0,
      note: precached.length
        ? `PRECACHED: ${precached.map(shortName).join(', ')}`
        : 'the service worker fetched no admin-only chunk',
    })
    figures.push({
      name: 'admin-only chunks in the build',
      budget: '(reference)',
      measured: `${dist.adminOnly.size} chunks, ${kb(sizeOf(dist, [...dist.adminOnly]))}`,
      pass: null,
      note: `${[...dist.adminOnly].map(shortName).sort().join(', ')}; the admin session fetched ${adminSeen.length} of them (sources of src/routes/_app/_admin*, src/features/{users,store-admin,reports,trials,audit,devices,backups,customer-rights}, src/contract/{users,store-admin,device-admin,reports,audit,backups}.ts, src/ui/date-field*, from the source maps, plus what only they import)`,
    })
    return figures
  } finally {
    await browser.close()
    await app.stop()
  }
}

export const bench: BenchModule = { name: 'bundle', run }
