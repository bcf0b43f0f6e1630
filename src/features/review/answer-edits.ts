import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { allStoresQueryOptions } from '../../api/store-queries.ts'
import type { Store } from '../../contract/stores.ts'
import { textKey, type CorrectableText } from './correction.ts'
import { useTextLabel } from './text-label.ts'

/**
 * What a correction or an acceptance edits in a trial's answers: the store (the one `storeId`
 * names until another is chosen) and the texts typed, by `textKey`, each field's props at hand.
 */
export function useAnswerEdits(storeId: number | null) {
  const textLabel = useTextLabel()
  const stores = useQuery(allStoresQueryOptions())
  const [store, setStore] = useState<Store | null>(null)
  const [typed, setTyped] = useState<Record<string, string>>({})
  return {
    stores,
    shownStore: store ?? stores.data?.find((one) => one.id === storeId) ?? null,
    setStore,
    typed,
    /** A text's field: its label, what is typed in it (else its words), and the typing. */
    field: (text: CorrectableText) => ({
      label: textLabel(text.path),
      value: typed[textKey(text)] ?? text.value,
      onChange: (event: { target: { value: string } }) =>
        setTyped((current) => ({ ...current, [textKey(text)]: event.target.value })),
    }),
  }
}
