import { useId, useMemo, useState, type Dispatch } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import type { BrandFamily } from '../../contract/catalogue.ts'
import { Combobox } from '../../ui/combobox.tsx'
import { TextField } from '../../ui/field.tsx'
import { LimitedTextField } from '../../ui/length-limit.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { brandFamiliesQueryOptions } from './catalogue-queries.ts'
import { ChipGroup } from './choices.tsx'
import { PackGrid } from './pack-grid.tsx'
import type { WizardAction } from './wizard-actions.ts'
import type { WizardAnswers } from './wizard-state.ts'
import styles from './steps.module.css'

/** Without case or diacritics: "marlb" finds "Marlboro", "drina" finds "Drina". */
function fold(text: string): string {
  return text.toLowerCase().replace(/đ/g, 'd').normalize('NFD').replace(/\p{M}/gu, '').trim()
}

function matching(families: readonly BrandFamily[], text: string): BrandFamily[] {
  const query = fold(text)
  return query === '' ? [...families] : families.filter((f) => fold(f.brandFamily).includes(query))
}

/**
 * Step 5 of the guided trial (docs/behaviour.md#the-guided-trial): a brand-family autocomplete,
 * then the family's packs.
 */
export function HtsStep({
  answer,
  dispatch,
}: {
  answer: WizardAnswers['habitsHTS']
  dispatch: Dispatch<WizardAction>
}) {
  const { t } = useLingui()
  const families = useQuery(brandFamiliesQueryOptions('HTS'))
  const [text, setText] = useState(answer.brandFamily ?? '')
  const family = answer.brandFamily
  const selected = family === null ? null : { brandFamily: family, type: 'HTS' as const }
  // The chosen family's name in the box shows the whole list, not just that family.
  const filter = family !== null && text === family ? '' : text
  const all = families.data
  const items = useMemo(() => matching(all ?? [], filter), [all, filter])

  return (
    <div className={styles.stack}>
      <Combobox
        label={t`Brand family`}
        items={items}
        itemToString={(item) => item.brandFamily}
        itemKey={(item) => item.brandFamily}
        selectedItem={selected}
        onSelectedItemChange={(item) =>
          dispatch({ type: 'setHtsFamily', brandFamily: item?.brandFamily ?? null })
        }
        inputValue={text}
        onInputValueChange={setText}
        loading={families.isFetching}
        emptyText={t`Brand not found`}
        placeholder={t`Type a brand family`}
        error={families.isError ? families.error.message : undefined}
      />
      {family !== null && (
        <PackGrid
          type="HTS"
          brandFamily={family}
          selected={answer.pack}
          onSelect={(pack) => dispatch({ type: 'setHtsPack', pack })}
        />
      )}
    </div>
  )
}

/**
 * Step 6 of the guided trial (docs/behaviour.md#the-guided-trial): a searchable brand-family
 * picker, the family's packs, and an "other" text while no family is chosen.
 */
export function RmcStep({
  answer,
  dispatch,
}: {
  answer: WizardAnswers['habitsRMC']
  dispatch: Dispatch<WizardAction>
}) {
  const { t } = useLingui()
  const familiesId = useId()
  const families = useQuery(brandFamiliesQueryOptions('RMC'))
  const [search, setSearch] = useState('')
  const family = answer.brandFamily
  const all = families.data
  const names = useMemo(() => {
    const shown = matching(all ?? [], search).map((item) => item.brandFamily)
    return family !== null && !shown.includes(family) ? [family, ...shown] : shown
  }, [all, search, family])

  return (
    <div className={styles.stack}>
      <TextField
        type="search"
        label={t`Search brand families`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        autoComplete="off"
      />
      <div className={styles.stack}>
        <p id={familiesId} className={styles.label}>
          {t`Brand family`}
        </p>
        {families.isPending ? (
          <Spinner label={t`Loading brand families…`} />
        ) : families.isError ? (
          <p role="alert">{families.error.message}</p>
        ) : names.length === 0 ? (
          <p>{t`Brand not found`}</p>
        ) : (
          <ChipGroup
            labelledBy={familiesId}
            options={names}
            label={(name) => name}
            selected={family === null ? [] : [family]}
            onToggle={(name) =>
              dispatch({ type: 'setRmcFamily', brandFamily: name === family ? null : name })
            }
          />
        )}
      </div>
      {family === null ? (
        <LimitedTextField
          label={t`Other brand`}
          hint={t`If the customer's brand is not in the list, write it here.`}
          value={answer.other}
          onChange={(event) => dispatch({ type: 'setRmcOther', other: event.target.value })}
          autoComplete="off"
          maxLength={200}
        />
      ) : (
        <PackGrid
          type="RMC"
          brandFamily={family}
          selected={answer.pack}
          onSelect={(pack) => dispatch({ type: 'setRmcPack', pack })}
        />
      )}
    </div>
  )
}
