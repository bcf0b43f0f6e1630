// The words of content editions for the screens that read trials (docs/api.md#content-editions).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { call } from '../api/client.ts'
import { contentById, contentCurrent } from '../contract/endpoints/content.ts'
import type { Edition } from '../contract/content-edition.ts'
import { parseLocale } from '../contract/locale.ts'
import { wordsIn, type EditionWords, type Words } from '../contract/trial-reading.ts'

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

/**
 * The words a trial's answers are read in: those of its own content edition (`edition`, when they
 * could be read) over the app's own, which show meanwhile.
 */
export function useTrialWords(id: number): { words: Words; edition: EditionWords | undefined } {
  const { i18n } = useLingui()
  const edition = useEditionWords(id)
  return { words: wordsIn(i18n._.bind(i18n), edition), edition }
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
