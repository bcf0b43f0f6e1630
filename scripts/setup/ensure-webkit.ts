// The WebKit tests need Debian's WebKitGTK WebDriver (with its MiniBrowser) and a virtual display.
// Where they are missing and this is root on a Debian machine, install them; otherwise stop at
// once with the one command that brings them, so the WebKit tests are never skipped silently.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const packages = ['webkit2gtk-driver', 'xvfb', 'fonts-dejavu-core']
const needed = ['/usr/bin/WebKitWebDriver', '/usr/bin/Xvfb']
const install = `apt-get update && apt-get install -y ${packages.join(' ')}`

if (needed.some((file) => !existsSync(file))) {
  const root = process.getuid?.() === 0
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.error(`WebKitWebDriver or Xvfb not found: run \`sudo sh -c '${install}'\`.`)
    process.exit(1)
  }
  console.log('Installing WebKitGTK WebDriver and Xvfb from Debian packages')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env })
}
