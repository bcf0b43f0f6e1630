import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * The build's version as docs/api.md#the-minimum-app-version writes it: package.json's semver plus the commit,
 * `1.4.0+a1b2c3d`. The commit comes from `APP_COMMIT` (the image sets it: it has no .git) or from
 * git; a checkout without either is `+dev`. The PWA's build and the server read it the same way, so
 * the app and the API it was built with name the same version.
 */
export function readAppVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  const semver =
    typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string'
      ? pkg.version
      : '0.0.0'
  return `${semver}+${process.env.APP_COMMIT ?? gitCommit() ?? 'dev'}`
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], {
      cwd: new URL('..', import.meta.url),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return undefined
  }
}
