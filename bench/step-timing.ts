import type { BrowserContext, CDPSession, Locator, Page } from '@playwright/test'

/**
 * The main-thread cost of a click in the app, as the wizard benchmarks measure a step change: the
 * growth of the renderer's `TaskDuration` (`Performance.getMetrics`) from just before a real mouse
 * click (CDP input, no script of Playwright's in the page) until the expected heading is in the
 * page and two animation frames have run (it is painted), and until it has settled. The main
 * thread's CPU time (`timeDomain: 'threadTicks'`) is what a CPU slowdown multiplies and what other
 * processes on a shared machine do not inflate; the same tasks' wall time is kept beside it.
 */

/** Two CDP sessions on the page: one reads CPU time, the other wall time. */
export async function openMeters(context: BrowserContext, page: Page): Promise<Meters> {
  const meters: Meters = {
    cpu: await context.newCDPSession(page),
    wall: await context.newCDPSession(page),
  }
  await meters.cpu.send('Performance.enable', { timeDomain: 'threadTicks' })
  await meters.wall.send('Performance.enable', { timeDomain: 'timeTicks' })
  return meters
}

/** How long after the change is painted its effects (the draft saved) are still counted. */
export const settleMs = 300

export type Cost = {
  /** Main-thread CPU time until painted, and until settled. */
  paintMs: number
  settledMs: number
  /** Until painted: the script, layout and style parts of that CPU time. */
  scriptMs: number
  layoutMs: number
  styleMs: number
  /** The same tasks' wall time until painted. */
  taskWallMs: number
}
/** Two views of the same page's metrics: main-thread CPU time and wall time. */
export type Meters = { cpu: CDPSession; wall: CDPSession }
type Reading = { task: number; script: number; layout: number; style: number; wall: number }

async function metrics(cdp: CDPSession): Promise<Map<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics')
  return new Map(list.map((metric) => [metric.name, metric.value]))
}

export async function read(meters: Meters): Promise<Reading> {
  const cpu = await metrics(meters.cpu)
  const wall = await metrics(meters.wall)
  const task = cpu.get('TaskDuration')
  if (task === undefined) throw new Error('no TaskDuration in Performance.getMetrics')
  return {
    task,
    script: cpu.get('ScriptDuration') ?? Number.NaN,
    layout: cpu.get('LayoutDuration') ?? Number.NaN,
    style: cpu.get('RecalcStyleDuration') ?? Number.NaN,
    wall: wall.get('TaskDuration') ?? Number.NaN,
  }
}

/**
 * Clicks the middle of `target` and measures until `expected` is a heading in the page and
 * painted (or, with `expected` null, until two frames after the click), then `settle` ms more.
 */
export async function timedClick(
  page: Page,
  meters: Meters,
  target: Locator,
  expected: string | null,
  settle = settleMs,
): Promise<Cost> {
  await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  if (!box) throw new Error('the control to click is not visible')
  // Watches from inside the page, so nothing polls while the change is timed.
  const watch = await page.evaluateHandle((heading) => {
    const done = new Promise<number>((resolve, reject) => {
      const painted = () =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))
      if (heading === null) {
        document.addEventListener('click', painted, { once: true, capture: true })
        return
      }
      const present = () =>
        [...document.querySelectorAll('h1, h2')].some((element) =>
          element.textContent.includes(heading),
        )
      const timer = setTimeout(() => {
        observer.disconnect()
        reject(new Error(`"${heading}" did not show in 30 s`))
      }, 30_000)
      const observer = new MutationObserver(() => {
        if (!present()) return
        observer.disconnect()
        clearTimeout(timer)
        painted()
      })
      observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    })
    return { done }
  }, expected)
  const before = await read(meters)
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await watch.evaluate((watching) => watching.done)
  const painted = await read(meters)
  await watch.dispose()
  if (settle > 0) await page.waitForTimeout(settle)
  const settled = settle > 0 ? await read(meters) : painted
  const ms = (key: keyof Reading, after: Reading) => (after[key] - before[key]) * 1000
  return {
    paintMs: ms('task', painted),
    settledMs: ms('task', settled),
    scriptMs: ms('script', painted),
    layoutMs: ms('layout', painted),
    styleMs: ms('style', painted),
    taskWallMs: ms('wall', painted),
  }
}

/** A click that changes nothing, at 4x CPU on an idle machine of 2 cores: the wizard's floor. */
export const idleFloorMs = 8

/** How waiting for a quiet page went: whether it became idle, and after how long. */
export type Quieted = { idle: boolean; waitedMs: number }

/**
 * Waits until the page does nothing of its own: no trial waiting in the outbox, no pack image
 * being stored, and the main thread idle over a quarter second. A trial just finished is sent in
 * the background (request, outbox, header): timed from there, that work would count as the floor
 * or as the next trial's first step change.
 *
 * On a loaded machine the same idle page costs more: the threshold and the time allowed grow by
 * `floorMs` (a click that changes nothing, measured now) over `idleFloorMs`, never shrink, and a
 * page still busy after them is answered (`idle: false`) rather than thrown.
 */
export async function settle(page: Page, meters: Meters, floorMs = idleFloorMs): Promise<Quieted> {
  const load = Math.max(1, floorMs / idleFloorMs)
  const started = performance.now()
  const waitedMs = () => performance.now() - started
  const sent = await page
    .getByRole('link', { name: /waiting|Offline images/ })
    .waitFor({ state: 'detached', timeout: 30_000 * load })
    .then(() => true)
    .catch(() => false)
  if (!sent) return { idle: false, waitedMs: waitedMs() }
  for (let tries = 0; tries < 40 * load; tries++) {
    const before = await read(meters)
    await page.waitForTimeout(250)
    const after = await read(meters)
    if ((after.task - before.task) * 1000 < 2 * load) return { idle: true, waitedMs: waitedMs() }
  }
  return { idle: false, waitedMs: waitedMs() }
}

/** `settle` on an idle machine's terms, which throws when the page does not become idle. */
export async function quiet(page: Page, meters: Meters) {
  const { idle } = await settle(page, meters)
  if (!idle)
    throw new Error('the page did not become idle (its outbox, pack images or main thread)')
}
