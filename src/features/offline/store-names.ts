import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { allStoresQueryOptions } from '../../api/store-queries.ts'

/**
 * A store's name from the stores kept on the device (none is fetched for it: the outbox screen
 * works offline), else its number.
 */
export function useStoreName(): (id: number) => string {
  const { t } = useLingui()
  const kept = useQuery({ ...allStoresQueryOptions(), enabled: false })
  return (id) => kept.data?.find((store) => store.id === id)?.name ?? t`Store #${id}`
}
