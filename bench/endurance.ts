import type { CDPSession, Page } from '@playwright/test'
import type { BenchModule, Figure } from './figures.ts'
import { median, newAppContext, signIn, startApp } from './browser.ts'
import { launchChromium } from '../tests/support/chromium.ts'
import { numberOption } from './server.ts'
import { openMeters, settle, timedClick, type Meters } from './step-timing.ts'
import { dayOfTrials, driveTrial, trialSavedHeading, type StepChange } from './trials.ts'

/**
 * A tablet's whole day in one page (docs/quality.md): an agent finishes 200 trials one after
 * another without a reload, under a 4x CPU slowdown, every branch of the wizard in turn
 * (`dayOfTrials`), each trial sent to the server as it is finished (the outbox drains as the day
 * goes). Every 50 trials, on the home screen with nothing in flight, it reads what the page holds:
 * the JS heap after a forced garbage collection (`HeapProfiler.collectGarbage`,
 * `Runtime.getHeapUsage`), DOM nodes and event listeners (`Memory.getDOMCounters`), and the rows of
 * the app's IndexedDB (outbox, receipts, drafts). Every step change is timed as the wizard
 * benchmark times it (main-thread CPU time from the click to the next heading painted), without
 * its settling time; the first 20 trials' median is compared with the last 20's.
 *
 * Before the first counted trial each branch is walked once without the slowdown, so that the
 * first trials do not pay for loading code and the catalogue (which would flatter the comparison).
 *
 * Between trials it waits for the page to be idle, as long as the machine's pace asks: the floor
 * (a click that changes nothing) is measured at the start and at every sample, and the wait grows
 * with it (`settle` in step-timing.ts). A page still busy after that is counted and reported, not
 * an end of the run: a loaded hour makes a slow day, not a missing one.
 */

const cpuSlowdown = 4
const window = 20
const databaseName = 'brand-expert'

type Rows = { outbox: number; receipts: number; drafts: number }
type Sample = {
  trials: number
  heapMb: number
  nodes: number
  listeners: number
  documents: number
  rows: Rows
  /** Median step change of the 20 trials before this sample. */
  stepMs: number
  minutes: number
}

/** Counts the rows of the app's IndexedDB stores, straight from IndexedDB. */
function countRows(page: Page): Promise<Rows> {
  return page.evaluate(
    (name) =>
      new Promise<Rows>((resolve, reject) => {
        const opening = indexedDB.open(name)
        opening.onerror = () => reject(new Error(String(opening.error)))
        opening.onsuccess = () => {
          const db = opening.result
          const transaction = db.transaction(['outbox', 'receipts', 'drafts'])
          const counts = { outbox: 0, receipts: 0, drafts: 0 }
          for (const store of ['outbox', 'receipts', 'drafts'] as const) {
            const request = transaction.objectStore(store).count()
            request.onsuccess = () => {
              counts[store] = request.result
            }
          }
          transaction.oncomplete = () => {
            db.close()
            resolve(counts)
          }
          transaction.onerror = () => reject(new Error(String(transaction.error)))
        }
      }),
    databaseName,
  )
}

async function memory(cdp: CDPSession) {
  // Twice: objects freed by the first collection's finalizers go in the second.
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  const dom = await cdp.send('Memory.getDOMCounters')
  return {
    heapMb: heap.usedSize / 1024 / 1024,
    nodes: dom.nodes,
    listeners: dom.jsEventListeners,
    documents: dom.documents,
  }
}

/** A click that changes nothing (the screen's heading), the median of three: the pace now. */
async function measureFloor(page: Page, meters: Meters): Promise<number> {
  const costs: number[] = []
  for (let index = 0; index < 3; index++) {
    const heading = page.getByRole('heading', { level: 1 }).first()
    costs.push((await timedClick(page, meters, heading, null, 0)).paintMs)
  }
  return median(costs)
}

/** How the waits for an idle page went over the day. */
type Waits = { floors: number[]; busy: number; longestMs: number }

/** Waits for an idle page at the latest floor's pace, and notes how it went in `waits`. */
async function settleAtPace(page: Page, meters: Meters, waits: Waits) {
  const { idle, waitedMs } = await settle(page, meters, waits.floors.at(-1))
  if (!idle) waits.busy += 1
  waits.longestMs = Math.max(waits.longestMs, waitedMs)
}

/** Times every step change but Finish (which leaves the wizard) into `costs`. */
function timedSteps(page: Page, meters: Meters, costs: number[]): StepChange {
  return async ({ nextHeading, control }) => {
    const cost = await timedClick(page, meters, control, nextHeading, 0)
    if (nextHeading !== trialSavedHeading) costs.push(cost.paintMs)
  }
}

async function backHome(page: Page) {
  await page.getByRole('link', { name: 'Back to home' }).click()
  await page.getByRole('link', { name: 'Start a free guided trial' }).waitFor()
}

const mb = (value: number) => `${value.toFixed(1)} MB`
const ms = (value: number) => `${value.toFixed(1)} ms`
const percent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`

function sampleLine(sample: Sample): string {
  const { rows } = sample
  return `after ${sample.trials} trials (${sample.minutes.toFixed(1)} min): heap ${mb(sample.heapMb)}, ${sample.nodes} DOM nodes, ${sample.listeners} listeners, ${sample.documents} documents; IndexedDB outbox ${rows.outbox}, receipts ${rows.receipts}, drafts ${rows.drafts}; median step change of the last ${window} trials ${ms(sample.stepMs)}`
}

async function run(): Promise<Figure[]> {
  const trials = numberOption('endurance-trials', 200)
  if (trials < 2 * window) throw new Error(`--endurance-trials must be at least ${2 * window}`)
  // Every 50 trials of 200; four readings in a shorter day.
  const sampleEvery = Math.min(50, Math.floor(trials / 4))
  const app = await startApp()
  const browser = await launchChromium()
  try {
    const context = await newAppContext(browser, app)
    const page = await context.newPage()
    await signIn(page, 'agent')
    for (const trial of dayOfTrials) {
      await driveTrial(page, undefined, trial)
      await backHome(page)
    }

    const meters = await openMeters(context, page)
    const cdp = meters.cpu
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    const waits: Waits = { floors: [], busy: 0, longestMs: 0 }
    await settleAtPace(page, meters, waits)
    waits.floors.push(await measureFloor(page, meters))
    const started = performance.now()
    const stepCosts: number[][] = []
    const samples: Sample[] = []
    for (let index = 0; index < trials; index++) {
      // Nothing of the last trial (its sending, the outbox count) is timed as this one's steps.
      await settleAtPace(page, meters, waits)
      const costs: number[] = []
      const trial = dayOfTrials[index % dayOfTrials.length] ?? dayOfTrials[0]
      await driveTrial(page, timedSteps(page, meters, costs), trial)
      stepCosts.push(costs)
      await backHome(page)
      const done = index + 1
      if (done % sampleEvery !== 0 && done !== trials) continue
      await settleAtPace(page, meters, waits)
      const sample: Sample = {
        trials: done,
        ...(await memory(cdp)),
        rows: await countRows(page),
        stepMs: median(stepCosts.slice(-window).flat()),
        minutes: (performance.now() - started) / 60_000,
      }
      samples.push(sample)
      console.info(`  ${sampleLine(sample)}`)
      waits.floors.push(await measureFloor(page, meters))
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    return figures(trials, samples, stepCosts, waits)
  } finally {
    await browser.close()
    await app.stop()
  }
}

function figures(
  trials: number,
  samples: readonly Sample[],
  stepCosts: number[][],
  waits: Waits,
): Figure[] {
  // From the first sample on (trial 50 of 200): what the day adds once every screen was drawn.
  const from = samples[0]
  const to = samples.at(-1)
  if (!from || !to) throw new Error('no sample was taken')
  const first = median(stepCosts.slice(0, window).flat())
  const last = median(stepCosts.slice(-window).flat())
  const heapGrowth = to.heapMb - from.heapMb
  const nodesGrowth = to.nodes / from.nodes - 1
  const listenersGrowth = to.listeners / from.listeners - 1
  const stepChange = last / first - 1
  const span = `trial ${from.trials} → ${to.trials}`
  const how = `${trials} trials in one page without reload (agent, ${cpuSlowdown}x CPU slowdown, the ${dayOfTrials.length} branches in turn: ${dayOfTrials.map((trial) => trial.name).join('; ')}), each sent to the server as it is finished; read on the home screen after a forced garbage collection`
  const log = samples.map(sampleLine).join('; ')
  const branches = `${trials} trials took ${to.minutes.toFixed(1)} min`
  const pace = `the floor (a click that changes nothing, median of 3) at the start and after each sample: ${waits.floors.map(ms).join(', ')}; the waits for an idle page scaled with it (the longest ${(waits.longestMs / 1000).toFixed(1)} s), and the page was still busy at the end of ${waits.busy} of them`
  return [
    {
      name: 'a day in one page: JS heap growth',
      budget: '<= 20 MB',
      measured: `${mb(heapGrowth)} (${mb(from.heapMb)} → ${mb(to.heapMb)}, ${span})`,
      pass: heapGrowth <= 20,
      note: `${how}; ${log}`,
    },
    {
      name: 'a day in one page: DOM nodes',
      budget: '<= 5 % growth',
      measured: `${percent(nodesGrowth)} (${from.nodes} → ${to.nodes}, ${span})`,
      pass: nodesGrowth <= 0.05,
      note: 'Memory.getDOMCounters after a forced garbage collection, on the home screen',
    },
    {
      name: 'a day in one page: event listeners',
      budget: '<= 5 % growth',
      measured: `${percent(listenersGrowth)} (${from.listeners} → ${to.listeners}, ${span})`,
      pass: listenersGrowth <= 0.05,
      note: 'Memory.getDOMCounters (jsEventListeners), as for the DOM nodes',
    },
    {
      name: `a day in one page: median step change, last ${window} trials against the first ${window}`,
      budget: 'within 10 %',
      measured: `${percent(stepChange)} (${ms(first)} → ${ms(last)})`,
      pass: Math.abs(stepChange) <= 0.1,
      note: `every step change but Finish of those trials (${stepCosts.slice(0, window).flat().length} and ${stepCosts.slice(-window).flat().length}), main-thread CPU time from click to next heading painted; ${branches}; ${pace}`,
    },
    {
      name: 'a day in one page: trials left in the outbox at the end',
      budget: '0 (the outbox drains as the day goes)',
      measured: `${to.rows.outbox} (receipts ${to.rows.receipts}, drafts ${to.rows.drafts})`,
      pass: to.rows.outbox === 0,
      note: 'IndexedDB rows after the last trial; receipts of sent trials are kept a few days by design',
    },
  ]
}

export const bench: BenchModule = { name: 'endurance', run }
