import * as v from 'valibot'
import type { Figure, BenchModule } from './figures.ts'
import { median, newAppContext, signIn, startApp } from './browser.ts'
import { launchChromium } from '../tests/support/chromium.ts'

/**
 * Offline reload of the app shell (docs/quality.md: first paint <= 1 s under a 4x CPU slowdown). An
 * agent signs in online, the service worker takes control of the page, the connection goes, the
 * CPU is slowed 4x (`Emulation.setCPUThrottlingRate`) and the home page is reloaded `reloads`
 * times; each reload's first paint and first contentful paint come from the page's own paint
 * timing entries, and the reload counts only if the signed-in home shows (its level-1 heading).
 */

const reloads = 5
const cpuSlowdown = 4
const budgetMs = 1000

const paintEntries = v.array(v.object({ name: v.string(), startTime: v.number() }))

async function run(): Promise<Figure[]> {
  const app = await startApp()
  const browser = await launchChromium()
  try {
    const context = await newAppContext(browser, app, { unlockOnLoad: false })
    const page = await context.newPage()
    await signIn(page, 'agent')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined)

    await context.setOffline(true)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    const firstPaint: number[] = []
    const firstContentfulPaint: number[] = []
    const fromServiceWorker: boolean[] = []
    for (let index = 0; index < reloads; index++) {
      const response = await page.reload({ waitUntil: 'load' })
      fromServiceWorker.push(response?.fromServiceWorker() ?? false)
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 })
      const paints = v.parse(
        paintEntries,
        await page.evaluate(() =>
          performance
            .getEntriesByType('paint')
            .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
        ),
      )
      const at = (name: string) =>
        paints.find((entry) => entry.name === name)?.startTime ?? Number.NaN
      firstPaint.push(at('first-paint'))
      firstContentfulPaint.push(at('first-contentful-paint'))
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await context.setOffline(false)

    const fp = median(firstPaint)
    const fcp = median(firstContentfulPaint)
    const list = (values: number[]) => values.map((value) => Math.round(value)).join(', ')
    const served = fromServiceWorker.filter(Boolean).length
    const note = `agent signed in, home /, offline, ${cpuSlowdown}x CPU, median of ${reloads} reloads (${served} of them answered by the service worker)`
    return [
      {
        name: 'offline reload of the app shell: first paint, 4x CPU',
        budget: '<= 1 s',
        measured: `${Math.round(fp)} ms`,
        pass: fp <= budgetMs && served === reloads,
        note: `${note}; runs: ${list(firstPaint)} ms`,
      },
      {
        name: 'offline reload of the app shell: first contentful paint, 4x CPU',
        budget: '(no budget)',
        measured: `${Math.round(fcp)} ms`,
        pass: null,
        note: `runs: ${list(firstContentfulPaint)} ms`,
      },
    ]
  } finally {
    await browser.close()
    await app.stop()
  }
}

export const bench: BenchModule = { name: 'offline-shell', run }
