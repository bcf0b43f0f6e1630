import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { idempotencyHeader } from '../src/contract/http.ts'
import { trialBodySchema, type TrialBody } from '../src/contract/trial.ts'
import { newOutboxItem } from '../src/offline/outbox/outbox-state.ts'
import type { BenchModule, Figure } from './figures.ts'
import { agentReadyForOutbox, apiGet, apiLogin, startApp, type RunningApp } from './browser.ts'
import { enqueue, outboxCount } from '../tests/support/outbox-rows.ts'
import { apiClient } from '../tests/support/api.ts'
import { launchChromium } from '../tests/support/chromium.ts'
import { shortAnswers, trialBody as sharedTrialBody } from '../tests/support/trial-body.ts'

/**
 * Outbox drain (docs/quality.md: 500 queued trials sent in <= 15 s). An agent signs in, the browser
 * goes offline, 500 finished trials are written into the app's IndexedDB outbox exactly as
 * `enqueueTrial` writes them (`newOutboxItem` from src/offline/outbox/outbox-state.ts: a fresh
 * Idempotency-Key each, a body valid under the contract), and the page is reloaded offline (the
 * service worker serves it) so the app reads them. Then the connection comes back and the clock
 * runs until no trial waits in the outbox; the server must then hold exactly 500 more trials.
 *
 * For comparison, the same number of trials is then posted from Node one after another (the
 * server's share of the time, without the browser and the outbox).
 */

const trials = Number(process.env.BENCH_OUTBOX_TRIALS ?? 500)
const budgetMs = 15_000
const giveUpMs = 180_000

function trialBody(storeId: number, index: number): TrialBody {
  return v.parse(
    trialBodySchema,
    sharedTrialBody(storeId, shortAnswers(index, 'outbox drain benchmark')),
  )
}

const listCount = v.object({ count: v.number() })

/** Posts `count` trials one after another, each with its own key; answers the time it took. */
async function postSequentially(
  app: RunningApp,
  token: string,
  storeId: number,
  count: number,
): Promise<number> {
  const api = apiClient(app.url)
  const started = Date.now()
  for (let index = 0; index < count; index++) {
    await api.call('POST', 'free-guided/form', {
      token,
      body: trialBody(storeId, index),
      headers: { [idempotencyHeader]: randomUUID() },
    })
  }
  return Date.now() - started
}

async function storedTrials(app: RunningApp, token: string): Promise<number> {
  return (await apiGet(app, token, 'questionnaire/search', listCount)).count
}

async function run(): Promise<Figure[]> {
  const app = await startApp()
  const browser = await launchChromium()
  try {
    const agent = await apiLogin(app, 'agent')
    const admin = await apiLogin(app, 'admin')
    const stores = await apiGet(
      app,
      agent.token,
      'store/search',
      v.object({ rows: v.array(v.object({ id: v.number() })) }),
    )
    const storeId = stores.rows[0]?.id
    if (storeId === undefined) throw new Error('no store to file the trials at')
    const before = await storedTrials(app, admin.token)

    const { context, page } = await agentReadyForOutbox(browser, app)

    await context.setOffline(true)
    const now = Date.now()
    const items = Array.from({ length: trials }, (_, index) =>
      newOutboxItem(randomUUID(), agent.userId, trialBody(storeId, index), now + index, null),
    )
    await enqueue(page, items)
    await page.reload()
    const indicator = page.getByRole('link', { name: /\d+ trials? waiting/ })
    await indicator.waitFor()
    const shown = (await indicator.innerText()).replace(/\s+/g, ' ').trim()
    const queued = await outboxCount(page, agent.userId)

    const posts: number[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/free-guided/form'))
        posts.push(Date.now())
    })
    const started = Date.now()
    await context.setOffline(false)
    let left = queued
    let elapsed = 0
    for (;;) {
      left = await outboxCount(page, agent.userId)
      elapsed = Date.now() - started
      if (left.waiting === 0 || elapsed > giveUpMs) break
      await page.waitForTimeout(100)
    }
    const indicatorGone = await indicator
      .waitFor({ state: 'hidden', timeout: 10_000 })
      .then(() => true)
      .catch(() => false)
    const after = await storedTrials(app, admin.token)
    const stored = after - before
    await page.close()
    const serverMs = await postSequentially(app, agent.token, storeId, trials)
    const drained = left.waiting === 0
    const seconds = (elapsed / 1000).toFixed(1)
    const firstPost =
      posts[0] === undefined ? 'none' : `${((posts[0] - started) / 1000).toFixed(1)} s`
    return [
      {
        name: `outbox drain: ${trials} queued trials sent`,
        budget: '<= 15 s',
        measured: drained
          ? `${seconds} s`
          : `not drained after ${seconds} s (${left.waiting} left)`,
        pass: drained && elapsed <= budgetMs && stored === trials && left.failed === 0,
        note: `agent, PGlite, the app's one sender; queued ${queued.total} (header said "${shown}"); server has ${stored} new trials (expected ${trials}); ${left.failed} refused; first POST ${firstPost} after going online, ${posts.length} POSTs; ${(stored / (elapsed / 1000)).toFixed(1)} trials/s; header indicator ${indicatorGone ? 'gone' : 'STILL SHOWN'} after the drain`,
      },
      {
        name: `the server alone: ${trials} trials posted one after another from Node`,
        budget: '(reference for the drain)',
        measured: `${(serverMs / 1000).toFixed(1)} s`,
        pass: null,
        note: `${(trials / (serverMs / 1000)).toFixed(1)} trials/s, same body, a new Idempotency-Key each, same server and database right after the drain`,
      },
    ]
  } finally {
    await browser.close()
    await app.stop()
  }
}

export const bench: BenchModule = { name: 'outbox-drain', run }
