/** What a page keeps of its look-ups (src/offline/persist-lookups.ts), as a test can see it. */
export type KeptLookups = {
  /** The query keys of the look-ups kept in the clear (stores, catalogue), each as JSON. */
  publicKeys: string[]
  /** When the user's encrypted look-ups (customers, vouchers) were last written; 0 if never. */
  personalKeptAt: number
}

/**
 * Runs in the page (e2e's `page.evaluate`, WebKit's `screen.run`), so it is self-contained: reads
 * the app's IndexedDB without creating it where it does not exist yet.
 */
export async function keptLookupsInPage(): Promise<KeptLookups> {
  const none = { publicKeys: [], personalKeptAt: 0 }
  const known = await indexedDB.databases()
  if (!known.some((database) => database.name === 'brand-expert')) return none
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const opening = indexedDB.open('brand-expert')
    opening.onsuccess = () => resolve(opening.result)
    opening.onerror = () => reject(opening.error ?? new Error('the database did not open'))
  })
  try {
    const names = [...db.objectStoreNames]
    if (!names.includes('lookups') || !names.includes('keptRecords')) return none
    const transaction = db.transaction(['lookups', 'keptRecords'])
    const read = (store: string, key?: string) =>
      new Promise<unknown>((resolve, reject) => {
        const objects = transaction.objectStore(store)
        const request = key === undefined ? objects.getAll() : objects.get(key)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error ?? new Error(`${store} not read`))
      })
    const [publicRow, records] = await Promise.all([read('lookups', 'public'), read('keptRecords')])
    // The personal look-ups kept last, whoever's (one record a person, `lookups` by name).
    const personalKeptAt = Math.max(
      0,
      ...(Array.isArray(records) ? records : []).map((record: unknown) =>
        typeof record === 'object' &&
        record !== null &&
        'name' in record &&
        record.name === 'lookups' &&
        'keptAt' in record &&
        typeof record.keptAt === 'number'
          ? record.keptAt
          : 0,
      ),
    )
    let queries: unknown[] = []
    if (
      typeof publicRow === 'object' &&
      publicRow !== null &&
      'state' in publicRow &&
      typeof publicRow.state === 'object' &&
      publicRow.state !== null &&
      'queries' in publicRow.state &&
      Array.isArray(publicRow.state.queries)
    )
      queries = publicRow.state.queries
    return {
      publicKeys: queries.map((query) =>
        typeof query === 'object' && query !== null && 'queryKey' in query
          ? JSON.stringify(query.queryKey)
          : '',
      ),
      personalKeptAt,
    }
  } finally {
    db.close()
  }
}

/**
 * Runs in the page: asks the app to write its look-ups now, as it does when the page is left (the
 * usual write comes about a second after a change), and answers the page's time just before.
 */
export function keepLookupsNow(): number {
  const now = Date.now()
  window.dispatchEvent(new Event('pagehide'))
  return now
}

/**
 * Whether the look-up `queryKey` is kept: a public one by its key; a personal one, encrypted and
 * unreadable here, by a write of the personal look-ups since `since` (`keepLookupsNow`'s time).
 */
export function isKept(kept: KeptLookups, queryKey: readonly unknown[], since: number): boolean {
  const publicRoots = ['stores', 'catalogue']
  return publicRoots.includes(String(queryKey[0]))
    ? kept.publicKeys.includes(JSON.stringify(queryKey))
    : kept.personalKeptAt >= since
}
