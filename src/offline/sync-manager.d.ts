/** Background Sync (Chromium): not in TypeScript's DOM library yet. */
interface SyncManager {
  register(tag: string): Promise<void>
}

interface ServiceWorkerRegistration {
  readonly sync?: SyncManager
}
