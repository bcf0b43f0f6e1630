/**
 * Fetches the edition in use and keeps it, loading the editions' keeper (and the edition's schema)
 * only then: the heartbeat and the ready panel read the edition held without them
 * (`held-edition.ts`). Offline, when the keeper may not load, nothing is fetched either.
 */
export async function fetchEditionInUse(): Promise<void> {
  const editions = await import('./content-editions.ts').catch(() => undefined)
  await editions?.takeCurrentEdition()
}
