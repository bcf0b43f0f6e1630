import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import { readAppVersion } from '../../server/app-version.ts'
import { apiClient } from '../support/api.ts'
import { copyOfBuild } from '../support/release-worker.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'
import {
  test,
  expect,
  signIn,
  demo,
  controlledByServiceWorker,
  acceptUpdate,
  keptOnDevice,
} from './fixtures.ts'
import { unlockAfterEachLoad } from '../support/sign-in.ts'

// Builds a release of its own, and serves two releases one after the other on a port of its own.
test.describe.configure({ timeout: 240_000 })

const folder = join(process.env.E2E_DATA_DIR ?? '.data/e2e-4173', 'release')
/** Release A: the tablets' build, older than the minimum the next release's server sets. */
const olderVersion = '0.0.1+older'

/** The server of one release on `port` (0: any free one), on the database the releases share. */
function serveRelease(name: string, distDir: string, port: number, env: Record<string, string>) {
  return startServerProcess(name, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(folder, 'data'),
    DIST_DIR: distDir,
    ...env,
  })
}

async function stop(server: ServerProcess | undefined) {
  if (!server) return
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM')
  }
  await server.exited
}

/** Finishes a simple trial at a Belgrade store, as the tablet does offline. */
async function finishTrial(page: Page, comment: string) {
  await page.goto('/free-guided-trial/simple')
  await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
  await page.getByRole('option').first().click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(comment)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL('/')
}

test("trials an older release queued drain through the next release's server, whose minimum asks for an update that cannot be put away", async ({
  browser,
}) => {
  await promisify(execFile)(process.execPath, [
    'tests/support/build-release.ts',
    join(folder, 'a'),
    olderVersion,
  ])
  // Release B is this build, and its server names it as the minimum.
  const newerBuild = copyOfBuild(join(folder, 'b'))
  const minimum = readAppVersion()
  let server: ServerProcess | undefined = await serveRelease('release A', join(folder, 'a'), 0, {})
  const origin = server.url
  const port = Number(new URL(origin).port)
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 768, height: 1024 },
    timezoneId: 'Europe/Belgrade',
  })
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  try {
    const page = await context.newPage()
    unlockAfterEachLoad(page)
    await signIn(page, demo.agent.email)
    await expect(page).toHaveURL('/')
    await controlledByServiceWorker(page)
    await page.goto('/settings')
    const ready = page.getByRole('region', { name: 'Ready for offline' })
    await expect(ready).toContainText(olderVersion)
    // Ready for a day offline, as a tablet is before it leaves the Wi-Fi: every pack image kept
    // (a worker still fetching them when the connection goes can hold the next one back from
    // taking over).
    await expect(ready).toContainText(/([1-9]\d*) of \1 kept on this device/, { timeout: 30_000 })
    // The stores kept, so that the trial's store picker works offline.
    await keptOnDevice(page, ['stores', 'all'])

    const marker = `release-${Date.now()}`
    await context.setOffline(true)
    await finishTrial(page, `${marker}-1`)
    await finishTrial(page, `${marker}-2`)
    await expect(page.getByRole('link', { name: /2 trials waiting/ })).toBeVisible()

    // The release: A's server stops, B's starts on the same address and data, with B as the minimum.
    await stop(server)
    server = await serveRelease('release B', newerBuild, port, { MIN_APP_VERSION: minimum })
    const trialAnswers: number[] = []
    context.on('response', (answer) => {
      if (answer.request().method() === 'POST' && answer.url().endsWith('/free-guided/form')) {
        trialAnswers.push(answer.status())
      }
    })
    await context.setOffline(false)

    // Release A, still running, sends its trials: a trial is never refused for its version.
    await expect(page.getByRole('link', { name: /trials? waiting/ })).toHaveCount(0, {
      timeout: 30_000,
    })
    expect(trialAnswers).not.toContain(426)
    const stored = (await apiClient(origin).storedTrials()).filter(
      (trial) => typeof trial.comment === 'string' && trial.comment.startsWith(marker),
    )
    expect(stored.map((trial) => [trial.comment, trial.appVersion]).sort()).toEqual([
      [`${marker}-1`, olderVersion],
      [`${marker}-2`, olderVersion],
    ])

    // Below the minimum, the prompt fetches release B and cannot be put away, not even by a reload.
    const prompt = page
      .getByRole('alert')
      .filter({ hasText: 'This version of the app is no longer supported' })
    await expect(prompt).toBeVisible()
    const update = prompt.getByRole('button', { name: 'Update now' })
    // Installing the new worker checks the whole precache: slow on a busy machine.
    await expect(update).toBeVisible({ timeout: 60_000 })
    await expect(prompt.getByRole('button', { name: 'Later' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await page.reload()
    await expect(prompt).toBeVisible()
    await expect(update).toBeVisible({ timeout: 30_000 })

    // Never inside a trial.
    await page.goto('/free-guided-trial')
    await expect(
      page.getByRole('heading', { name: 'Where does the trial take place?' }),
    ).toBeVisible()
    await expect(prompt).toHaveCount(0)
    await page.goto('/settings')
    // The screen drawn first: a click while it still moves can land beside the button.
    await expect(ready).toContainText(olderVersion)
    await acceptUpdate(page, update)
    await expect(ready).not.toContainText(olderVersion, { timeout: 15_000 })
    await expect(ready).toContainText(`${minimum.split('+')[0] ?? minimum}+`)
    await expect(prompt).toHaveCount(0)
  } finally {
    await context.close()
    await stop(server)
  }
})
