import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/support/chromium.ts'

const port = Number(process.env.E2E_PORT ?? 4173)
// One data folder per port, so two runs on one machine never share (or delete) a database.
const dataDir = `.data/e2e-${port}`
process.env.E2E_DATA_DIR = dataDir
// The server serves a copy of the build, in which a test may release a new service worker
// (tests/support/release-worker.ts) without changing `dist/` under another run.
const distDir = `${dataDir}/dist`
process.env.E2E_DIST_DIR = distDir

/** End-to-end tests drive Debian's Chromium against the production build and the real server. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  // A browser shares the machine with the server and the database: one worker in CI, elsewhere
  // Playwright's default of one per two cores. Two browsers on two cores made each test 2-2.5x
  // slower, some past their time limit, for 15 % more tests an hour. One retry in CI for a test
  // that loses a race with the machine (reported as flaky, never hidden).
  workers: process.env.CI ? 1 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 768, height: 1024 },
    // The stores' time zone, as on the tablets and the server's default TIME_ZONE: a day (the
    // dashboard's "this month", a report's range) is the same day on both. In UTC, from 23:00 to
    // midnight a trial made "today" fell on the server's tomorrow.
    timezoneId: 'Europe/Belgrade',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    // A fresh embedded database with the demo data for every run, and a fresh copy of the build.
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && cp -r dist ${distDir} && node server/main.ts`,
    url: `http://127.0.0.1:${port}/api/v1/ready`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
