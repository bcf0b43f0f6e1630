import { chromium, type Browser, type LaunchOptions } from '@playwright/test'

/** Debian's Chromium, or the one `CHROMIUM_PATH` names. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The flags every Chromium of the project starts with (the e2e tests, the benchmarks, the soak and
 * the build's screenshots): no sandbox (containers), no GPU, and none of the browser's own traffic
 * (updates, sync, first-run pages) to disturb a measurement or a test.
 */
export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** What Playwright launches Chromium with (playwright.config.ts passes it as `launchOptions`). */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [...chromiumArgs],
} satisfies LaunchOptions

/** A headless Chromium with the project's flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...chromiumLaunchOptions, headless: true })
}
