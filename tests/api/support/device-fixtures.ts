import type { Heartbeat } from '../../../src/contract/devices.ts'
import { callApi, type TestApi } from './harness.ts'

/** A tablet's heartbeat as the PWA sends it, with `overrides`. */
export function heartbeat(overrides: Partial<Heartbeat> = {}): Heartbeat {
  return {
    appVersion: '1.4.0+a1b2c3d',
    waiting: 0,
    needsLogin: 0,
    failed: 0,
    oldestWaitingAt: null,
    lastSentAt: null,
    storage: { usage: 1_000_000, quota: 100_000_000, persisted: true },
    images: { cached: 12, total: 12 },
    ...overrides,
  }
}

/** A call with a tablet's device credential, as the PWA's outbox and heartbeat send it. */
export function byDevice(
  api: TestApi,
  credential: string,
  method: string,
  path: string,
  body?: unknown,
) {
  return callApi(api.url, method, path, {
    body,
    language: 'en',
    headers: { Authorization: `Device ${credential}` },
  })
}
