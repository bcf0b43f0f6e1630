import type { Page } from '@playwright/test'
import type { BenchModule, Figure } from './figures.ts'
import { median, newAppContext, signIn, startApp } from './browser.ts'
import { driveTrial, trialSavedHeading, type StepChange } from './trials.ts'
import { launchChromium } from '../tests/support/chromium.ts'
import { numberOption } from './server.ts'
import { openMeters, quiet, settleMs, timedClick, type Cost, type Meters } from './step-timing.ts'

/**
 * The main-thread cost of a wizard step change under a 4x CPU slowdown (docs/quality.md: <= 50 ms).
 * An agent walks a whole trial (17 steps) once to warm the caches, then again with
 * `Emulation.setCPUThrottlingRate` 4; each step change is a real mouse click (CDP input, no
 * script of Playwright's in the page) on the control that moves on, and its cost is the growth of
 * the renderer's `TaskDuration` (`Performance.getMetrics`) from just before the click until the
 * next step's heading is in the page and two animation frames have run (it is painted).
 * "settled" adds the following 300 ms (effects, the draft saved to IndexedDB).
 *
 * The figure is the main thread's CPU time (`timeDomain: 'threadTicks'`), which the slowdown
 * multiplies and which other processes on a shared machine do not inflate; the same tasks' wall
 * time (`timeTicks`) is in the notes, and grows with the machine's load. The floor is the same
 * measurement around a click that changes nothing (the page's title): input, two frames and the
 * protocol's own calls.
 */

const cpuSlowdown = 4
type Change = Cost & { from: string; to: string }

function timedChange(page: Page, meters: Meters, changes: Change[]): StepChange {
  return async ({ from, nextHeading, control }) => {
    const cost = await timedClick(page, meters, control, nextHeading)
    changes.push({ from: from.heading, to: nextHeading, ...cost })
  }
}

/** One change per step, each of its costs the median over the runs (steps in the trial's order). */
function medianByStep(changes: readonly Change[]): Change[] {
  const byStep = new Map<string, Change[]>()
  for (const change of changes) {
    const key = `${change.from}\u0000${change.to}`
    byStep.set(key, [...(byStep.get(key) ?? []), change])
  }
  return [...byStep.values()].map((runs) => {
    const first = runs[0]
    if (!first) throw new Error('a step with no run')
    const middle = (key: keyof Cost) => median(runs.map((change) => change[key]))
    return {
      from: first.from,
      to: first.to,
      paintMs: middle('paintMs'),
      settledMs: middle('settledMs'),
      scriptMs: middle('scriptMs'),
      layoutMs: middle('layoutMs'),
      styleMs: middle('styleMs'),
      taskWallMs: middle('taskWallMs'),
    }
  })
}

const ms = (value: number) => `${value.toFixed(1)} ms`

async function run(): Promise<Figure[]> {
  const app = await startApp()
  const browser = await launchChromium()
  try {
    const context = await newAppContext(browser, app)
    const page = await context.newPage()
    await signIn(page, 'agent')
    // A first trial, not timed: the code, the catalogue and the pack images are then cached.
    await driveTrial(page)
    await page.getByRole('link', { name: 'Back to home' }).click()
    await page.getByRole('link', { name: 'Start a free guided trial' }).waitFor()

    const meters = await openMeters(context, page)
    await meters.cpu.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    const floors: number[] = []
    await quiet(page, meters)
    for (let index = 0; index < 5; index++) {
      const title = page.getByRole('heading', { level: 1 }).first()
      floors.push((await timedClick(page, meters, title, null)).paintMs)
    }
    // Each step change's cost is its median over `runs` whole trials (docs/quality.md: medians of
    // several runs), so that one slow moment of the machine does not make a step the worst.
    const runs = numberOption('wizard-runs', 3)
    const changes: Change[] = []
    for (let run = 0; run < runs; run++) {
      if (run > 0) {
        await meters.cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 })
        await page.getByRole('link', { name: 'Back to home' }).click()
        await page.getByRole('link', { name: 'Start a free guided trial' }).waitFor()
        await meters.cpu.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
        await quiet(page, meters)
      }
      await driveTrial(page, timedChange(page, meters, changes))
    }
    await meters.cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 })

    const medians = medianByStep(changes)
    const steps = medians.filter((change) => change.to !== trialSavedHeading)
    const finish = medians.find((change) => change.to === trialSavedHeading)
    const paint = steps.map((change) => change.paintMs)
    const worst = steps.reduce<Change | null>(
      (max, change) => (max === null || change.paintMs > max.paintMs ? change : max),
      null,
    )
    const middle = (key: keyof Cost) => ms(median(steps.map((change) => change[key])))
    const list = steps
      .map(
        (change) =>
          `${change.from} → ${change.to}: ${ms(change.paintMs)} (script ${ms(change.scriptMs)}, style ${ms(change.styleMs)}, layout ${ms(change.layoutMs)})`,
      )
      .join('; ')
    const floor = median(floors)
    const purchase = steps.find((change) => change.to === 'Successful purchase')
    const worstNet = (worst?.paintMs ?? Number.NaN) - floor
    const how = `${steps.length} step changes of a whole trial (agent, warm caches), each the median of ${runs} trials, ${cpuSlowdown}x CPU slowdown, main-thread CPU time (TaskDuration, threadTicks) from click to next heading painted`
    return [
      {
        name: 'a wizard step change, 4x CPU slowdown: median main-thread work',
        budget: '<= 50 ms',
        measured: ms(median(paint)),
        pass: median(paint) <= 50,
        note: `${how}; medians: script ${middle('scriptMs')}, layout ${middle('layoutMs')}, style ${middle('styleMs')}; settled (+${settleMs} ms) ${middle('settledMs')}; the same tasks' wall time ${middle('taskWallMs')} (grows with the machine's load); floor (a click that changes nothing) ${ms(floor)}, so a step change net of it: median ${ms(median(paint) - floor)}`,
      },
      {
        name: 'a wizard step change, 4x CPU slowdown: worst main-thread work',
        budget: '<= 50 ms',
        measured: ms(worst?.paintMs ?? Number.NaN),
        pass: (worst?.paintMs ?? Number.POSITIVE_INFINITY) <= 50,
        note: `worst: ${worst?.from ?? '?'} → ${worst?.to ?? '?'}; settled max ${ms(Math.max(...steps.map((change) => change.settledMs)))}; per step: ${list}`,
      },
      {
        name: 'the purchase step (Did the customer buy? → Successful purchase), 4x CPU slowdown',
        budget: '<= 50 ms',
        measured: ms(purchase?.paintMs ?? Number.NaN),
        pass: (purchase?.paintMs ?? Number.POSITIVE_INFINITY) <= 50,
        note: `script ${ms(purchase?.scriptMs ?? Number.NaN)}, style ${ms(purchase?.styleMs ?? Number.NaN)}, layout ${ms(purchase?.layoutMs ?? Number.NaN)}; settled ${ms(purchase?.settledMs ?? Number.NaN)}; net of the floor ${ms((purchase?.paintMs ?? Number.NaN) - floor)}`,
      },
      {
        name: 'every wizard step change net of the floor, 4x CPU slowdown: worst',
        budget: '<= 35 ms',
        measured: ms(worstNet),
        pass: worstNet <= 35,
        note: `the worst step change (${worst?.from ?? '?'} → ${worst?.to ?? '?'}) less the floor measured in the same run (${ms(floor)}, a click that changes nothing: input, two frames and the protocol's own calls)`,
      },
      {
        name: 'Finish → success screen, 4x CPU slowdown: main-thread work',
        budget: '(no budget)',
        measured: ms(finish?.paintMs ?? Number.NaN),
        pass: null,
        note: `the trial queued in the outbox and the success route shown; script ${ms(finish?.scriptMs ?? Number.NaN)}; settled ${ms(finish?.settledMs ?? Number.NaN)}`,
      },
    ]
  } finally {
    await browser.close()
    await app.stop()
  }
}

export const bench: BenchModule = { name: 'wizard', run }
