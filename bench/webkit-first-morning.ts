/**
 * The first morning in WebKit (bench/first-morning.ts runs this file as a child process): the
 * WebKit suite's world (tests/webkit/harness.ts: a fresh server on `WEBKIT_PORT`, WebKitGTK's
 * WebDriver under Xvfb), the same 500 more packs, and the same link in front of the server
 * (bench/shaped-link.ts), which carries WebKit's page and worker alike. WebKitGTK cannot slow its
 * CPU as Chromium's page is. The store's manager signs in, the PIN is chosen (its typing, key by
 * key through WebDriver, is not counted), Settings opens, and the clock runs until the ready
 * panel says the device is ready for a day offline. The result goes, as JSON, to the file
 * `WEBKIT_RESULT` names (bench/webkit-child.ts).
 */
import { writeFileSync } from 'node:fs'
import { after } from 'node:test'
import { demo, demoPassword } from '../tests/support/accounts.ts'
import { demoPin } from '../tests/support/sign-in.ts'
import { storeWifi } from '../tests/support/store-link.ts'
import { dataDir, inWebKit, port, webkitSuite } from '../tests/webkit/harness.ts'
import { byLabel, byRole } from '../tests/webkit/screen.ts'
import type { WebKitMorning } from './first-morning.ts'
import { addPacks, isPackPicture, morningPacks, packPictures } from './pack-pictures.ts'
import { shapedLink, type ShapedLink } from './shaped-link.ts'

const readyTimeoutMs = 120_000
const resultFile = process.env.WEBKIT_RESULT

let link: ShapedLink | undefined
webkitSuite({
  prepare: async (server) => {
    const pictures = await packPictures(morningPacks)
    await server.stop()
    await addPacks(dataDir, pictures)
    await server.start({ fresh: false })
    link = await shapedLink(port, storeWifi)
  },
})
after(() => link?.close())

function onLink(): ShapedLink {
  if (!link) throw new Error('the link is not set up')
  return link
}

inWebKit(
  'a first morning on the store’s link',
  async (screen) => {
    // Opened again in the test's language (the harness has just chosen it).
    await screen.open('/login')
    await screen.type(byLabel('Email'), demo.manager.email)
    await screen.type(byLabel('Password'), demoPassword)
    onLink().reset()
    const started = performance.now()
    await screen.click(byRole('button', 'Sign in'))
    await screen.see(byLabel('Repeat the PIN'), 60_000)
    const typingFrom = performance.now()
    await screen.type(byLabel('PIN'), demoPin)
    await screen.type(byLabel('Repeat the PIN'), demoPin)
    const typing = performance.now() - typingFrom
    await screen.click(byRole('button', 'Save the PIN'))
    await screen.click(byRole('link', /^Hello, /), 60_000)
    await screen.seeText('This device is ready for a day offline.', readyTimeoutMs)
    const ms = performance.now() - started - typing
    const { requests } = onLink().count()
    const result: WebKitMorning = {
      ms,
      requests: requests.length,
      pictures: requests.filter(isPackPicture).length,
    }
    console.info(JSON.stringify(result))
    if (resultFile) writeFileSync(resultFile, JSON.stringify(result))
  },
  { timeout: 300_000, origin: () => onLink().url },
)
