import { execFileSync } from 'node:child_process'
import { get as httpGet } from 'node:http'
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { demo } from '../tests/support/accounts.ts'
import { apiClient, appHeaders } from '../tests/support/api.ts'
import { launchChromium } from '../tests/support/chromium.ts'
import { signInThroughForm } from '../tests/support/sign-in.ts'
import { storeWifi } from '../tests/support/store-link.ts'
import { newContextOnLink, serveDataDir, startApp, type RunningApp } from './browser.ts'
import type { BenchModule, Figure } from './figures.ts'
import { waitReady } from './first-morning.ts'
import { projectDir } from './server.ts'
import { isPackPicture } from './pack-pictures.ts'
import { shapedLink } from './shaped-link.ts'
import { precacheList, sentSize } from './worker-list.ts'

/**
 * What an update costs a tablet on the store's link (docs/quality.md): a build of this checkout
 * with one screen changed (the profile card of Settings) is deployed behind the same origin while
 * a manager's tablet, ready for a day offline, has the app open; the tablet finds the update,
 * the manager accepts it, and the page runs the new build. The bytes that crossed the link from
 * the deployment to the changed screen drawn are set against the changed files: those of the new
 * worker's list whose bytes are new (the changed chunk, and the entry that names it), and the
 * worker itself, each as the server sends it. No pack picture may be fetched again.
 * `GET /content/current` is then read twice: its size, and the second a 304.
 */

const ratioBudget = 2
const changedScreen = 'src/features/settings/profile-card.tsx'
const marker = 'data-build="update-cost"'

/** A file's text with every chunk's hash left out of the names it holds: what its code is. */
function unhashed(dist: string, url: string): string {
  const text = readFileSync(join(dist, url), 'utf8')
  return `${url.replace(/-[\w-]{8}(\.\w+)$/, '$1')}\n${text.replace(/-[\w-]{8}\.(js|css)\b/g, '.$1')}`
}

/** This checkout built again with the profile card marked: its folder, removed by `remove`. */
function buildChanged(): { checkout: string; remove: () => void } {
  const checkout = join(tmpdir(), `brand-expert-update-${process.pid}`)
  rmSync(checkout, { recursive: true, force: true })
  // The checkout as it is, changes not yet committed included (`git stash create` makes a commit
  // of them and touches nothing): the running build is the working tree's.
  const current =
    execFileSync('git', ['stash', 'create'], { cwd: projectDir, encoding: 'utf8' }).trim() || 'HEAD'
  execFileSync('git', ['worktree', 'add', '--detach', checkout, current], { cwd: projectDir })
  const remove = () => {
    execFileSync('git', ['worktree', 'remove', '--force', checkout], { cwd: projectDir })
  }
  try {
    symlinkSync(join(projectDir, 'node_modules'), join(checkout, 'node_modules'))
    const source = join(checkout, changedScreen)
    const text = readFileSync(source, 'utf8')
    const changed = text.replace('<section className=', `<section ${marker} className=`)
    if (changed === text) throw new Error(`${changedScreen} has no <section to mark`)
    writeFileSync(source, changed)
    execFileSync('npm', ['run', 'build'], { cwd: checkout, stdio: 'ignore' })
    return { checkout, remove }
  } catch (error) {
    remove()
    throw error
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** One GET as a browser sends it (gzip asked for): its status, body bytes as sent and `ETag`. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number; etag: string }>((resolve, reject) => {
    const request = httpGet(
      url,
      { headers: { 'Accept-Encoding': 'gzip', ...headers } },
      (answer) => {
        let bytes = 0
        answer.on('data', (chunk: Buffer) => (bytes += chunk.length))
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            bytes,
            etag: answer.headers.etag ?? '',
          }),
        )
        answer.on('error', reject)
      },
    )
    request.on('error', reject)
  })
}

/** `GET /content/current` gzipped, then asked again with its `ETag`: a tablet's poll. */
async function editionPoll(appUrl: string): Promise<Figure> {
  const { token } = await apiClient(appUrl).login(demo.manager.email)
  const headers = { Authorization: `Bearer ${token}`, ...appHeaders }
  const url = `${appUrl}/api/v1/content/current`
  const first = await get(url, headers)
  const again = await get(url, { ...headers, 'If-None-Match': first.etag })
  return {
    name: '`GET /content/current`, gzip; a poll when nothing changed',
    budget: 'report the size; 304',
    measured: `${kb(first.bytes)}; ${again.status} (${again.bytes} bytes)`,
    pass: first.status === 200 && again.status === 304 && again.bytes === 0,
    note: "the edition in use (the demo's), as a manager's tablet asks for it, then with the ETag of the first answer",
  }
}

async function run(): Promise<Figure[]> {
  const built = buildChanged()
  let before: RunningApp | undefined
  let after: RunningApp | undefined
  try {
    before = await startApp()
    const link = await shapedLink(Number(new URL(before.url).port))
    const browser = await launchChromium()
    try {
      const context = await newContextOnLink(browser, link)
      const page = await context.newPage()
      await page.goto('/login')
      await signInThroughForm(page, demo.manager.email)
      await waitReady(page)
      // A day later: the app opened again, now its worker's (a first page is not).
      await page.reload()
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

      // The deployment: the new build's server on the same data, behind the same origin.
      if (!before.stopServer) throw new Error('the first server cannot be stopped alone')
      await before.stopServer()
      after = await serveDataDir(before.dataDir, built.checkout)
      before = undefined
      link.forwardTo(Number(new URL(after.url).port))
      link.reset()
      // The app looks for a new version when the tablet comes back to the screen.
      await page.evaluate(() => window.dispatchEvent(new Event('focus')))
      await page
        .getByRole('button', { name: /^(Reload now|Update now)$/ })
        .click({ timeout: 120_000 })
        .catch(async (error: unknown) => {
          const workers = await page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration()
            return JSON.stringify({
              installing: registration?.installing?.state,
              waiting: registration?.waiting?.state,
              active: registration?.active?.state,
              controlled: navigator.serviceWorker.controller !== null,
              text: document.body.innerText.slice(0, 300),
            })
          })
          const asked = link.count().requests
          throw new Error(
            `no update offered: ${workers}; ${asked.length} requests, the last ${asked.slice(-5).join(', ')}`,
            {
              cause: error,
            },
          )
        })
      await page.locator(`[${marker.split('=')[0]}]`).waitFor({ timeout: 120_000 })
      const { down, requests } = link.count()

      const oldDist = join(projectDir, 'dist')
      const newDist = join(built.checkout, 'dist')
      const oldList = precacheList(oldDist)
      const oldEntries = new Set(oldList.map((entry) => `${entry.url}@${entry.revision}`))
      const fetched = precacheList(newDist).filter(
        (entry) => !oldEntries.has(`${entry.url}@${entry.revision}`),
      )
      // A file that keeps its name and has a new revision is changed: its bytes differ, and a
      // tablet cannot have them (the entry, which names the screen's new chunk).
      // A file under a new name whose code is the same but for the hashed names of the chunks
      // it imports is renamed, not changed.
      const oldUrls = new Set(oldList.map((entry) => entry.url))
      const oldSources = new Set(oldList.map((entry) => unhashed(oldDist, entry.url)))
      const changed = fetched.filter(
        (entry) => oldUrls.has(entry.url) || !oldSources.has(unhashed(newDist, entry.url)),
      )
      const changedBytes =
        changed.reduce((total, entry) => total + sentSize(newDist, entry.url), 0) +
        sentSize(newDist, 'sw.js')
      const fetchedBytes = fetched.reduce((total, entry) => total + sentSize(newDist, entry.url), 0)
      const ratio = down / changedBytes
      const pictures = requests.filter(isPackPicture).length

      await context.close()
      return [
        {
          name: 'an update that changes one screen: bytes downloaded against the changed files',
          budget: `<= ${ratioBudget}x the changed files; no pack picture again`,
          measured: `${kb(down)} against ${kb(changedBytes)}, ${ratio.toFixed(2)}x; ${pictures} pictures`,
          pass: ratio <= ratioBudget && pictures === 0,
          note: `${changedScreen} changed; the changed files, each as sent (Brotli): sw.js and ${changed.map((entry) => entry.url).join(', ')}; ${fetched.length} files of the new worker's list are new to the tablet (${kb(fetchedBytes)}), ${fetched.length - changed.length} of them only renamed because a chunk they import was; everything the store's link (${storeWifi.downMbps}/${storeWifi.upMbps} Mbit/s, ${storeWifi.roundTripMs} ms) carried down from the deployment until the changed screen was drawn, ${requests.length} requests`,
        },
        await editionPoll(after.url),
      ]
    } finally {
      await browser.close()
      await link.close()
    }
  } finally {
    await before?.stop()
    await after?.stop()
    built.remove()
  }
}

export const bench: BenchModule = { name: 'update-cost', run }
