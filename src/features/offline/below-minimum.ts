import { compareAppVersions } from '../../contract/app-version.ts'

/** Whether this build is below the minimum the server named: it must update. */
export function isBelowMinimum(appVersion: string, minimum: string | null): boolean {
  return minimum !== null && compareAppVersions(appVersion, minimum) < 0
}
