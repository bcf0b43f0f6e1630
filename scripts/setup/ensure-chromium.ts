// The browser tests need Debian's Chromium. Where it is missing and this is root on a Debian
// machine, install it; otherwise stop at once with the one command that brings it, so the browser
// tests are never skipped silently.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const install = 'apt-get update && apt-get install -y chromium fonts-dejavu-core'

if (!existsSync(chromium)) {
  const root = process.getuid?.() === 0
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `Chromium not found at ${chromium}: run \`sudo sh -c '${install}'\` (or set CHROMIUM_PATH).`,
    )
    process.exit(1)
  }
  console.log('Installing Chromium from Debian packages')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
    stdio: 'inherit',
    env,
  })
}
