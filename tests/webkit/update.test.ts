import assert from 'node:assert/strict'
import { demo } from '../support/accounts.ts'
import { releaseWorker } from '../support/release-worker.ts'
import { controlledByServiceWorker, inWebKit, servedBuild, signIn, webkitSuite } from './harness.ts'
import { byRole, within, type Screen } from './screen.ts'

webkitSuite()

/** Whether a new version of the app's service worker is installed and waits. */
function versionWaiting(screen: Screen) {
  return screen.run<boolean>(
    async () => (await navigator.serviceWorker.getRegistration())?.waiting != null,
  )
}

inWebKit(
  'a new version waits for the user, never interrupts a trial, and loads when accepted',
  async (screen) => {
    await signIn(screen, demo.manager.email)
    await screen.waitForPath('/')
    await controlledByServiceWorker(screen)

    await screen.click(byRole('link', 'Start a free guided trial'))
    await screen.click(byRole('radio', 'Female'))
    // A new release on the server, found when the app regains focus. It stays there until the new
    // version has taken over, as a release does: a WebDriver click can focus the window, and the
    // app's check on focus would find the old worker back and replace the waiting one with it.
    const release = await releaseWorker(servedBuild, `// next release ${Date.now()}`)
    try {
      await screen.run(() => window.dispatchEvent(new Event('focus')))
      // Installing the new worker checks the whole precache: slow on a busy machine.
      await screen.waitFor('the new version to wait', () => versionWaiting(screen), 30_000)
      const banner = byRole('status', undefined, {
        text: /A new version of the app is available/,
      })
      await screen.see(byRole('heading', 'Age group', { level: 2 }))
      assert.equal(await screen.count(banner), 0)

      // Out of the trial, the waiting version is offered.
      await screen.click(byRole('link', 'Brand Expert home'))
      await screen.waitForPath('/')
      await screen.see(banner)
      await screen.run(() => {
        Object.assign(window, { beforeTheUpdate: true })
      })
      await screen.click(within(banner, byRole('button', 'Reload now')))
      // The page reloads once the new worker controls it; a look during the reload counts as
      // "not yet".
      await screen.waitFor(
        'the new version to control a reloaded page',
        () =>
          screen
            .run<boolean>(
              async () =>
                !('beforeTheUpdate' in window) &&
                navigator.serviceWorker.controller !== null &&
                (await navigator.serviceWorker.getRegistration())?.waiting == null,
            )
            .catch(() => false),
        30_000,
      )
      await screen.unlockAfterLoad()
      await screen.see(byRole('link', 'Start a free guided trial'))
      assert.equal(await screen.count(banner), 0)
    } finally {
      await release.restore()
    }
  },
)
