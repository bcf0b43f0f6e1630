// The words of content editions for the administration's screens (docs/api.md#content-editions).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { call } from '../../api/client.ts'
import { contentById } from '../../contract/endpoints/content-admin.ts'
import { contentCurrent } from '../../contract/endpoints/content.ts'
import type { Edition } from '../../contract/content-edition.ts'
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
  return useWordsOf(useQuery(editionQueryOptions(id)).data)
}

/** The edition in use (`GET /content/current`), read again after five minutes. */
export function currentEditionQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'current'],
    queryFn: async () => (await call(contentCurrent, {})).data,
    staleTime: 5 * 60_000,
  })
}

/** The words of the edition in use, for figures that count answers over every edition. */
export function useCurrentEditionWords(): EditionWords | undefined {
  return useWordsOf(useQuery(currentEditionQueryOptions()).data)
}

function useWordsOf(edition: Edition | undefined): EditionWords | undefined {
  const { i18n } = useLingui()
  return edition && { lists: edition.lists, locale: parseLocale(i18n.locale) }
}
