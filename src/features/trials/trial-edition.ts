import { queryOptions, useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { call } from '../../api/client.ts'
import { contentById } from '../../contract/endpoints/content-admin.ts'
import { parseLocale } from '../../contract/locale.ts'
import type { EditionWords } from '../../contract/trial-reading.ts'

/** An edition once published never changes: read once per session. */
function editionQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['content', 'edition', id],
    queryFn: async () => (await call(contentById, { params: { id } })).data,
    staleTime: Infinity,
  })
}

/**
 * The words of a trial's own content edition in the reader's locale (docs/api.md#content-editions);
 * undefined while they load or when they cannot be read, and the app's own words show meanwhile.
 */
export function useEditionWords(id: number): EditionWords | undefined {
  const { i18n } = useLingui()
  const edition = useQuery(editionQueryOptions(id))
  return edition.data && { lists: edition.data.lists, locale: parseLocale(i18n.locale) }
}
