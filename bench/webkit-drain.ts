/**
 * The bad hour's drain in WebKit (bench/bad-hour.ts runs this file as a child process): the WebKit
 * suite's world (tests/webkit/harness.ts: a fresh server on `WEBKIT_PORT`, WebKitGTK's WebDriver
 * under Xvfb) and one "test" in it. An agent signs in, the server stops (the page meets a link
 * that is down), 200 trials are written into the outbox as `enqueueTrial` writes them and the page
 * is reloaded; the server starts again and the clock runs until no trial waits. The link is not
 * throttled: WebKitGTK has no network emulation, and this machine's kernel has no `netem` for `tc`
 * to add a round trip with. The result goes, as JSON, to the file `WEBKIT_RESULT` names
 * (bench/webkit-child.ts).
 */
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import * as v from 'valibot'
import { trialBodySchema } from '../src/contract/trial.ts'
import { newOutboxItem, type OutboxItem } from '../src/offline/outbox/outbox-state.ts'
import { demo } from '../tests/support/accounts.ts'
import type { Rows } from '../tests/support/api.ts'
import { trialBody } from '../tests/support/trial-body.ts'
import {
  api,
  controlledByServiceWorker,
  inWebKit,
  signInToHome,
  webkitSuite,
} from '../tests/webkit/harness.ts'
import { byRole, type Screen } from '../tests/webkit/screen.ts'
import type { WebKitDrain } from './bad-hour.ts'

const trials = Number(process.env.BAD_HOUR_TRIALS ?? 200)
const resultFile = process.env.WEBKIT_RESULT

/** This user's trials waiting in the outbox, read from IndexedDB in the page. */
function waiting(screen: Screen, userId: number): Promise<number> {
  return screen.run<number>(
    (user: number) =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('brand-expert')
        opening.onerror = () => reject(new Error(String(opening.error)))
        opening.onsuccess = () => {
          const db = opening.result
          const rows = db.transaction('outbox').objectStore('outbox').index('userId').getAll(user)
          rows.onerror = () => reject(new Error(String(rows.error)))
          rows.onsuccess = () => {
            db.close()
            resolve(
              rows.result.filter(
                (row: { state?: unknown }) =>
                  row.state === 'waiting' || row.state === 'needs-login',
              ).length,
            )
          }
        }
      }),
    userId,
  )
}

async function enqueue(screen: Screen, items: OutboxItem[]): Promise<void> {
  await screen.run<unknown>(
    (rows: unknown[]) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('brand-expert')
        opening.onerror = () => reject(new Error(String(opening.error)))
        opening.onsuccess = () => {
          const db = opening.result
          const transaction = db.transaction('outbox', 'readwrite')
          for (const row of rows) transaction.objectStore('outbox').add(row)
          transaction.oncomplete = () => {
            db.close()
            resolve()
          }
          transaction.onerror = () => reject(new Error(String(transaction.error)))
        }
      }),
    items,
  )
}

/** The agent's stored trials whose comment starts with `marker`, once per stored trial. */
async function storedComments(token: string, marker: string): Promise<string[]> {
  const found: string[] = []
  for (let page = 1; ; page += 1) {
    const list = await api.get<Rows<{ comment: unknown }>>(token, 'questionnaire/search', {
      page: String(page),
    })
    for (const row of list.rows) {
      if (typeof row.comment === 'string' && row.comment.startsWith(marker)) found.push(row.comment)
    }
    if (page * 20 >= list.count) return found
  }
}

const server = webkitSuite()

inWebKit(
  'the outbox drains once the link is back',
  async (screen) => {
    await signInToHome(screen, demo.agent.email)
    await controlledByServiceWorker(screen)
    const session = await api.login(demo.agent.email)
    const stores = await api.get<Rows<{ id: number }>>(session.token, 'store/search')
    const storeId = stores.rows[0]?.id
    if (storeId === undefined) throw new Error('no store to file the trials at')

    await server.stop()
    const marker = `bad-hour webkit ${randomUUID()}`
    const now = await screen.run<number>(() => Date.now())
    const items = Array.from({ length: trials }, (_, index) =>
      newOutboxItem(
        randomUUID(),
        session.id,
        v.parse(trialBodySchema, trialBody(storeId, `${marker} ${index}`)),
        now + index,
        null,
      ),
    )
    await enqueue(screen, items)
    await screen.reload()
    const indicator = byRole('link', /\d+ trials? waiting/)
    await screen.see(indicator, 60_000)
    // The text as laid out (WebDriver's getText joins the header's two lines without a space).
    const text = await screen.run<string>(
      (element: HTMLElement) => element.innerText,
      await screen.find(indicator),
    )
    const shown = text.replace(/\s+/g, ' ').trim()

    await server.start({ fresh: false })
    const started = Date.now()
    let firstMs = Number.NaN
    let left = trials
    while (left > 0 && Date.now() - started < 180_000) {
      left = await waiting(screen, session.id)
      if (left < trials && Number.isNaN(firstMs)) firstMs = Date.now() - started
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const elapsedMs = Date.now() - started
    const stored = await storedComments(session.token, marker)
    const result: WebKitDrain = {
      shown,
      firstMs,
      elapsedMs,
      left,
      stored: stored.length,
      distinct: new Set(stored).size,
    }
    console.info(JSON.stringify(result))
    if (resultFile) writeFileSync(resultFile, JSON.stringify(result))
  },
  { timeout: 600_000 },
)
