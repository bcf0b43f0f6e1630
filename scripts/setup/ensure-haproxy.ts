// `npm run start:cluster` and the two-process audit put Debian's HAProxy in front of the API
// processes. Where it is missing and this is root on a Debian machine, install it; otherwise stop
// at once with the one command that brings it, so the audit is never skipped silently.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const haproxy = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy'
const install = 'apt-get update && apt-get install -y haproxy'

if (!existsSync(haproxy)) {
  const root = process.getuid?.() === 0
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `HAProxy not found at ${haproxy}: run \`sudo sh -c '${install}'\` (or set HAPROXY_PATH).`,
    )
    process.exit(1)
  }
  console.log('Installing HAProxy from Debian packages')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  // Only the program: the package's own service is not started where no init system runs, and
  // the cluster starts its own HAProxy with the project's configuration.
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'], {
    stdio: 'inherit',
    env,
  })
}
